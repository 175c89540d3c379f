package dev.anemometer.harness.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Headless Chromium, offline and without a profile, to load a report as a reader would. */
public final class Chromium {

  private final Path binary;

  private Chromium(Path binary) {
    this.binary = binary;
  }

  public static Optional<Chromium> find() {
    return Stream.of(
            System.getenv("CHROMIUM"),
            "/usr/bin/chromium",
            "/usr/sbin/chromium",
            "/usr/bin/chromium-browser")
        .filter(name -> name != null && !name.isBlank())
        .map(Path::of)
        .filter(Files::isExecutable)
        .findFirst()
        .map(Chromium::new);
  }

  /** The DOM after the page's scripts ran. */
  public String dumpDom(Path page, Path profile) throws IOException, InterruptedException {
    return run(page, profile, List.of("--dump-dom"));
  }

  void screenshot(Path page, Path profile, Path png) throws IOException, InterruptedException {
    run(
        page,
        profile,
        List.of(
            "--screenshot=" + png.toAbsolutePath(),
            "--window-size=1400,3000",
            "--hide-scrollbars"));
  }

  private String run(Path page, Path profile, List<String> extra)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                binary.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--user-data-dir=" + profile.toAbsolutePath()));
    command.addAll(extra);
    command.add(page.toUri().toString());
    Path stdout = Files.createTempFile(profile.getParent(), "chromium", ".out");
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(stdout.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    // Generous: two cores shared with other builds.
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("chromium did not finish within 120 s");
    }
    return Files.readString(stdout, StandardCharsets.UTF_8);
  }
}
