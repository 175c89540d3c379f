package dev.anemometer.auction.attendance;

import dev.anemometer.auction.system.security.AuthenticatedUser;
import dev.anemometer.auction.system.web.Owners;
import dev.anemometer.auction.system.web.Page;
import dev.anemometer.auction.system.web.PageParams;
import jakarta.validation.Valid;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** JoinAuction, LeaveAuction and GetAttendanceHistory. */
@RestController
@RequestMapping("/api")
class AttendanceController {

  private final AttendanceService attendance;

  AttendanceController(AttendanceService attendance) {
    this.attendance = attendance;
  }

  @PostMapping("/auctions/{id}/attendance")
  ResponseEntity<AttendanceView> join(AuthenticatedUser caller, @PathVariable long id) {
    return ResponseEntity.status(HttpStatus.CREATED).body(attendance.join(caller.userId(), id));
  }

  @DeleteMapping("/auctions/{id}/attendance")
  ResponseEntity<Void> leave(AuthenticatedUser caller, @PathVariable long id) {
    attendance.leave(caller.userId(), id);
    return ResponseEntity.noContent().build();
  }

  @GetMapping("/users/{id}/attendance")
  Page<AttendanceRecord> history(
      AuthenticatedUser caller, @PathVariable long id, @Valid PageParams paging) {
    Owners.requireOwner(caller, id);
    return attendance.history(id, paging);
  }
}
