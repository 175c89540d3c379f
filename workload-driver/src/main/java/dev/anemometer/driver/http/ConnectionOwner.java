package dev.anemometer.driver.http;

/** What a connection tells the session that owns it. Called on the connection's event loop. */
interface ConnectionOwner {

  /** The connection finished its exchange and can carry the next one. */
  void connectionFree(ConnectionHandler connection);

  /** The connection is gone; an exchange it carried has already been failed. */
  void connectionClosed(ConnectionHandler connection);

  /**
   * A reused connection died before any byte of the response to {@code exchange}: most likely the
   * server had closed it as idle while the request was on its way. The exchange is to be sent again
   * first, on another connection.
   */
  void retry(Exchange exchange);

  /** A {@code Set-Cookie} header value arrived. */
  void cookieReceived(String setCookieHeader);
}
