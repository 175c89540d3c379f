package dev.anemometer.auction.attendance;

import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

interface AttendanceRepository extends JpaRepository<Attendance, Long> {

  Optional<Attendance> findFirstByUserIdAndAuctionIdAndLeftAtIsNull(long userId, long auctionId);
}
