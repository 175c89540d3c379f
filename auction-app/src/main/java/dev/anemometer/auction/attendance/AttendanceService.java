package dev.anemometer.auction.attendance;

import dev.anemometer.auction.system.web.ApiException;
import dev.anemometer.auction.system.web.Page;
import dev.anemometer.auction.system.web.PageParams;
import dev.anemometer.auction.system.web.ProblemType;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Joining and leaving auctions, and the history of both. */
@Service
public class AttendanceService {

  private final AttendanceRepository attendances;
  private final JdbcClient jdbc;
  private final Clock clock;

  AttendanceService(AttendanceRepository attendances, JdbcClient jdbc, Clock clock) {
    this.attendances = attendances;
    this.jdbc = jdbc;
    this.clock = clock;
  }

  /** Joining twice is harmless: the open attendance is answered again. */
  @Transactional
  public AttendanceView join(long userId, long auctionId) {
    // No row lock: the live engine updates auction rows all the time, and the attendance's
    // foreign key already keeps the auction from vanishing under the insert.
    String state =
        jdbc.sql("SELECT state FROM auction WHERE id = ?")
            .param(auctionId)
            .query(String.class)
            .optional()
            .orElseThrow(() -> ApiException.notFound("auction", auctionId));
    if (!"RUNNING".equals(state)) {
      throw new ApiException(
          ProblemType.AUCTION_NOT_RUNNING, "auction " + auctionId + " is " + state);
    }
    return attendances
        .findFirstByUserIdAndAuctionIdAndLeftAtIsNull(userId, auctionId)
        .orElseGet(() -> attendances.save(new Attendance(userId, auctionId, clock.instant())))
        .toView();
  }

  @Transactional
  public void leave(long userId, long auctionId) {
    int rows =
        jdbc.sql(
                "UPDATE attendance SET left_at = now()"
                    + " WHERE user_id = ? AND auction_id = ? AND left_at IS NULL")
            .params(userId, auctionId)
            .update();
    if (rows == 0 && !auctionExists(auctionId)) {
      throw ApiException.notFound("auction", auctionId);
    }
  }

  /** Logout ends every attendance the user left open. */
  @Transactional
  public void endOpenAttendances(long userId) {
    jdbc.sql("UPDATE attendance SET left_at = now() WHERE user_id = ? AND left_at IS NULL")
        .param(userId)
        .update();
  }

  public Page<AttendanceRecord> history(long userId, PageParams paging) {
    long total =
        jdbc.sql("SELECT count(*) FROM attendance WHERE user_id = ?")
            .param(userId)
            .query(Long.class)
            .single();
    List<AttendanceRecord> items =
        jdbc.sql(
                "SELECT a.id, a.auction_id, u.name AS auction_name, a.joined_at, a.left_at"
                    + " FROM attendance a JOIN auction u ON u.id = a.auction_id"
                    + " WHERE a.user_id = ? ORDER BY a.joined_at DESC, a.id DESC"
                    + " LIMIT ? OFFSET ?")
            .params(userId, paging.sizeOrDefault(), paging.offset())
            .query(AttendanceService::attendanceRecord)
            .list();
    return paging.page(total, items);
  }

  private static AttendanceRecord attendanceRecord(ResultSet rs, int rowNum) throws SQLException {
    OffsetDateTime leftAt = rs.getObject("left_at", OffsetDateTime.class);
    return new AttendanceRecord(
        rs.getLong("id"),
        rs.getLong("auction_id"),
        rs.getString("auction_name"),
        rs.getObject("joined_at", OffsetDateTime.class).toInstant(),
        leftAt == null ? null : leftAt.toInstant());
  }

  private boolean auctionExists(long auctionId) {
    return jdbc.sql("SELECT count(*) FROM auction WHERE id = ?")
            .param(auctionId)
            .query(Long.class)
            .single()
        > 0;
  }
}
