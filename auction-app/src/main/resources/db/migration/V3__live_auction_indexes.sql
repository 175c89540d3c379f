-- The live-auction engine asks "which running auctions have no live item?" every few seconds on
-- every app server; with past auctions' high_bid rows in the table, that needs the live rows
-- indexed by auction. The index stays tiny: one live row per running auction.
CREATE INDEX high_bid_live ON high_bid (auction_id) WHERE state = 'OPEN' OR state = 'LAST_CALL';
