package dev.anemometer.auction.item;

import dev.anemometer.auction.system.security.AuthenticatedUser;
import jakarta.validation.Valid;
import java.net.URI;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** GetItemDetail and AddItem. */
@RestController
@RequestMapping("/api/items")
class ItemController {

  private final ItemService items;

  ItemController(ItemService items) {
    this.items = items;
  }

  @GetMapping("/{id}")
  ItemDetail detail(AuthenticatedUser caller, @PathVariable long id) {
    return items.detail(id);
  }

  @PostMapping
  ResponseEntity<ItemDetail> add(
      AuthenticatedUser caller, @Valid @RequestBody AddItemRequest request) {
    ItemDetail item = items.add(caller.userId(), request);
    return ResponseEntity.created(URI.create("/api/items/" + item.id())).body(item);
  }
}
