package dev.anemometer.auction.liveauction;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Opens the dedicated LISTEN connection. It is outside the pool: it lives as long as the server and
 * must not count against the connections that serve requests.
 */
@FunctionalInterface
interface ListenerConnections {

  Connection open() throws SQLException;
}
