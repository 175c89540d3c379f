package dev.anemometer.harness.run;

import dev.anemometer.harness.deploy.local.LocalDeploymentState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Stops a deployment left running by {@code deploy}, from its state file. */
public final class Teardown {

  static final Path DEPLOYMENT_JSON = Path.of("deployment.json");

  private final Harness harness;

  public Teardown(Harness harness) {
    this.harness = harness;
  }

  /**
   * @return whether there was a deployment to stop
   */
  public boolean stop() {
    Path stateFile = harness.paths().deploymentState();
    Optional<LocalDeploymentState> state = LocalDeploymentState.read(stateFile);
    if (state.isEmpty()) {
      return false;
    }
    int stopped = state.get().stopAll();
    harness
        .console()
        .info(
            "stopped "
                + stopped
                + " of "
                + state.get().processes().size()
                + " processes of the deployment of "
                + state.get().createdAt());
    try {
      Files.deleteIfExists(stateFile);
      Files.deleteIfExists(DEPLOYMENT_JSON);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return true;
  }

  /** The first step of a run: a deployment left running would hold ports and the database. */
  void cleanLeftovers() {
    if (Files.exists(harness.paths().deploymentState())) {
      harness.console().phase("clean leftovers: stopping the deployment left by 'deploy'");
      stop();
    }
  }
}
