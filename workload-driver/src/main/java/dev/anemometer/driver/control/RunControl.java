package dev.anemometer.driver.control;

import dev.anemometer.driver.run.DriverRun;
import java.util.Map;

/**
 * The control API of a running {@link DriverRun} (standalone or controller): see the users, set
 * them by hand, hand them back to the load path, stop the run.
 */
public final class RunControl {

  private final DriverRun run;

  public RunControl(DriverRun run) {
    this.run = run;
  }

  public ControlServer serveOn(ControlServer server) {
    return server
        .route("GET", "/v1/status", (groups, body) -> status())
        .route(
            "PUT",
            "/v1/targets/([^/]+)/users",
            (groups, body) -> {
              int users = ControlServer.read(body, WireFormat.UsersRequest.class).users();
              run.overrideUsers(groups.get(0), users);
              return status();
            })
        .route(
            "DELETE",
            "/v1/targets/([^/]+)/users",
            (groups, body) -> {
              run.clearOverride(groups.get(0));
              return status();
            })
        .route(
            "POST",
            "/v1/stop",
            (groups, body) -> {
              run.stop();
              return status();
            });
  }

  private WireFormat.StatusResponse status() {
    Map<String, Integer> users = run.activeUsers();
    return new WireFormat.StatusResponse("run", !run.allFinished(), users);
  }
}
