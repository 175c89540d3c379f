package dev.anemometer.auction.history;

import dev.anemometer.auction.system.security.AuthenticatedUser;
import dev.anemometer.auction.system.web.Owners;
import dev.anemometer.auction.system.web.Page;
import dev.anemometer.auction.system.web.PageParams;
import jakarta.validation.Valid;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** GetBidHistory and GetPurchaseHistory, owner only. */
@RestController
@RequestMapping("/api/users/{id}")
class HistoryController {

  private final HistoryService history;

  HistoryController(HistoryService history) {
    this.history = history;
  }

  @GetMapping("/bids")
  Page<BidRecord> bids(AuthenticatedUser caller, @PathVariable long id, @Valid PageParams paging) {
    Owners.requireOwner(caller, id);
    return history.bids(id, paging);
  }

  @GetMapping("/purchases")
  Page<PurchaseRecord> purchases(
      AuthenticatedUser caller, @PathVariable long id, @Valid PageParams paging) {
    Owners.requireOwner(caller, id);
    return history.purchases(id, paging);
  }
}
