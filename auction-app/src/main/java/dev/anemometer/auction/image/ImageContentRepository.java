package dev.anemometer.auction.image;

import org.springframework.data.jpa.repository.JpaRepository;

interface ImageContentRepository extends JpaRepository<ImageContent, Long> {}
