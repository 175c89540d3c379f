package dev.anemometer.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.driver.loadpath.FindMaxLoadPathSpec;
import dev.anemometer.driver.loadpath.IntervalLoadPathSpec;
import dev.anemometer.driver.loadpath.SegmentSpec;
import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.run.RunSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunConfigFileTest {

  @TempDir Path directory;

  private RunSpec load(String yaml) throws Exception {
    Path file = directory.resolve("run.yaml");
    Files.writeString(file, yaml);
    return RunConfigFile.load(file).toRunSpec();
  }

  @Test
  void bindsTargetsWithEveryKindOfLoadPath() throws Exception {
    RunSpec spec =
        load(
            """
            name: two-servers
            statusInterval: 5s
            qos: {percentile: 95, limits: {GetAuctionDetail: 2500ms, BidNotification: 1s}}
            thresholds: {maxEventLoopLag: 300ms}
            targets:
              - id: rising
                url: http://127.0.0.1:8080
                accounts: 3000
                loadPath:
                  type: interval
                  repeat: 2
                  segments:
                    - {type: ramp, from: 100, to: 1000, duration: 120s, step: 30s}
                    - {type: uniform, users: 1000, duration: 5m}
                    - {type: sine, min: 300, max: 1000, period: 600s, duration: 1200s}
                    - {type: spike, base: 500, peak: 1500, at: 60s, duration: 30s, total: 300s}
              - url: http://127.0.0.1:8081
                loadPath: {type: findMax, initialStep: 50, maxUsers: 2000, verificationRepeats: 1}
            """);

    assertThat(spec.name()).isEqualTo("two-servers");
    assertThat(spec.statusInterval()).isEqualTo(Duration.ofSeconds(5));
    assertThat(spec.qos().percentile()).isEqualTo(95);
    assertThat(spec.qos().limit(OperationType.GET_AUCTION_DETAIL))
        .isEqualTo(Duration.ofMillis(2500));
    assertThat(spec.qos().limit(OperationType.LOGIN)).isEqualTo(Duration.ofSeconds(3));
    assertThat(spec.qos().notificationLimits())
        .containsEntry(Notification.BID, Duration.ofSeconds(1))
        .containsEntry(Notification.ITEM_CHANGE, QosSpec.ITEM_NOTIFICATION_LIMIT);
    assertThat(spec.thresholds().maxEventLoopLag()).isEqualTo(Duration.ofMillis(300));
    var interval = (IntervalLoadPathSpec) spec.targets().get(0).loadPath();
    assertThat(interval.repeat()).isEqualTo(2);
    assertThat(interval.segments().get(0))
        .isEqualTo(
            new SegmentSpec.Ramp(100, 1000, Duration.ofSeconds(120), Duration.ofSeconds(30)));
    assertThat(interval.segments().get(3)).isInstanceOf(SegmentSpec.Spike.class);
    assertThat(spec.targets().get(0).users().accounts()).isEqualTo(3000);
    assertThat(spec.targets().get(1).id()).isEqualTo("app1");
    assertThat(spec.targets().get(1).users().accounts()).isEqualTo(2000);
    var findMax = (FindMaxLoadPathSpec) spec.targets().get(1).loadPath();
    assertThat(findMax.probeQosPeriod()).isEqualTo(Duration.ofSeconds(60)); // the default
    assertThat(findMax.verificationQosPeriod()).isEqualTo(Duration.ofSeconds(120)); // twice it
    assertThat(findMax.verificationRepeats()).isEqualTo(1);
  }

  @Test
  void errorsNameTheirPath() {
    assertThatThrownBy(
            () ->
                load(
                    """
                    targets:
                      - url: http://127.0.0.1:8080
                        loadPath: {type: fixed, users: 10, rampUp: soon}
                    """))
        .hasMessageEndingWith(
            "run.yaml: targets[0].loadPath.rampUp: 'soon' is not a duration with a unit"
                + " (250ms, 90s, 5m, 1h)");
    assertThatThrownBy(
            () ->
                load(
                    """
                    qos: {limits: {Bidding: 1s}}
                    targets:
                      - url: http://127.0.0.1:8080
                        loadPath: {type: fixed, users: 10}
                    """))
        .hasMessage("qos.limits.Bidding: unknown operation 'Bidding'");
    assertThatThrownBy(
            () ->
                load(
                    """
                    targets:
                      - url: http://127.0.0.1:8080
                        loadPath: {type: stairs}
                    """))
        .hasMessageEndingWith(
            "run.yaml: targets[0].loadPath.type: 'stairs' is not one of: fixed, interval, findMax");
    assertThatThrownBy(
            () ->
                load(
                    """
                    targets:
                      - url: http://127.0.0.1:8080
                        loadPath: {type: findMax, maxUsers: 100}
                    """))
        .hasMessageEndingWith(
            "run.yaml: targets[0].loadPath.initialStep: is required, a number of users >= 1");
    assertThatThrownBy(
            () ->
                load(
                    """
                    targets:
                      - url: http://127.0.0.1:8080
                        loadPath: {type: fixed, users: 10, segments: []}
                    """))
        .hasMessageEndingWith(
            "run.yaml: targets[0].loadPath.segments: unknown key; accepted: qosPeriod, qosPeriods, rampDown, rampUp, users, warmUp");
  }
}
