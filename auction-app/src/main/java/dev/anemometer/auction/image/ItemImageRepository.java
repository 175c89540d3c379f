package dev.anemometer.auction.image;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface ItemImageRepository extends JpaRepository<ItemImage, Long> {

  @Query("select coalesce(max(i.position) + 1, 0) from ItemImage i where i.itemId = ?1")
  int nextPosition(long itemId);
}
