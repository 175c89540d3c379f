package dev.anemometer.auction.auction;

import org.springframework.data.jpa.repository.JpaRepository;

interface AuctionRepository extends JpaRepository<Auction, Long> {}
