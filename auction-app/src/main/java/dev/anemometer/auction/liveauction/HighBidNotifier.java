package dev.anemometer.auction.liveauction;

import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Announces a high-bid change to every app server. Call it inside the transaction that made the
 * change: PostgreSQL delivers the notification at commit and drops it on rollback, so listeners
 * never hear of a bid that did not happen and always hear of one that did.
 */
@Component
public class HighBidNotifier {

  private final JdbcTemplate jdbc;

  public HighBidNotifier(DataSource dataSource) {
    this.jdbc = new JdbcTemplate(dataSource);
  }

  public void changed(long itemId, HighBidView view) {
    String payload = new HighBidChange(itemId, view).toPayload();
    jdbc.query("SELECT pg_notify(?, ?)", row -> {}, HighBidChange.CHANNEL, payload);
  }
}
