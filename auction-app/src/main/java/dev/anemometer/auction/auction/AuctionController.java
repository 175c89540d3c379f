package dev.anemometer.auction.auction;

import dev.anemometer.auction.system.security.AuthenticatedUser;
import dev.anemometer.auction.system.web.Page;
import dev.anemometer.auction.system.web.PageParams;
import jakarta.validation.Valid;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** GetActiveAuctions and GetAuctionDetail. */
@RestController
@RequestMapping("/api/auctions")
class AuctionController {

  private final AuctionService auctions;

  AuctionController(AuctionService auctions) {
    this.auctions = auctions;
  }

  @GetMapping("/live")
  Page<AuctionSummary> live(AuthenticatedUser caller, @Valid PageParams paging) {
    return auctions.live(paging);
  }

  @GetMapping("/{id}")
  AuctionDetail detail(AuthenticatedUser caller, @PathVariable long id) {
    return auctions.detail(id);
  }

  @GetMapping("/{id}/items")
  Page<AuctionItem> items(
      AuthenticatedUser caller, @PathVariable long id, @Valid PageParams paging) {
    return auctions.items(id, paging);
  }
}
