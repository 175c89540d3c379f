/**
 * The live-auction engine (SPEC §2.3): one engine spread over any number of app servers that share
 * one PostgreSQL database, with no leader and nothing but the database in common.
 *
 * <ul>
 *   <li><b>State.</b> Each item being auctioned has one {@code high_bid} row. Its {@code bid_count}
 *       rises with every accepted bid and every state change (activation, LAST_CALL, SOLD/UNSOLD),
 *       and never goes back, not even when an auction restarts its items: a client that knows a
 *       count can always wait for a newer one.
 *   <li><b>Bids</b> (package {@code bid}) are judged by a conditional UPDATE of that row in one
 *       transaction that also stores the bid and sends NOTIFY; the reply is sent after commit.
 *   <li><b>Clock.</b> Every server's {@link dev.anemometer.auction.liveauction.ItemClock} claims
 *       due rows with {@code FOR UPDATE SKIP LOCKED} and moves them on in the same transaction; due
 *       times are database times. {@link dev.anemometer.auction.liveauction.AuctionSequencer}
 *       activates the next item (or restarts the auction) under a lock on the auction row, and
 *       repairs running auctions that have no live item.
 *   <li><b>Long polls</b> park in {@link dev.anemometer.auction.liveauction.LongPollRegistry} as
 *       {@code DeferredResult}s (no thread held). They are registered before the database is read,
 *       so a change is either in that read or in a later notification. The one LISTEN connection
 *       per server ({@link dev.anemometer.auction.liveauction.HighBidListener}) wakes them; after a
 *       reconnect it re-reads every parked item, so a change made while it was deaf still wakes its
 *       polls.
 *   <li><b>Leaving.</b> A stopping server answers its parked polls with 204 at once (clients
 *       re-poll elsewhere) and keeps its clock and listener until the web server has drained.
 * </ul>
 */
package dev.anemometer.auction.liveauction;
