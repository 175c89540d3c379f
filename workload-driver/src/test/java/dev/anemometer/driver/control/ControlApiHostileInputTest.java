package dev.anemometer.driver.control;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.run.LocalLoadGenerator;
import dev.anemometer.driver.stats.DriverHealth;
import dev.anemometer.driver.support.FakeHttpClient;
import dev.anemometer.driver.support.RecordingPopulation;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The worker's control API against what a hostile or broken client sends: every answer is one 4xx
 * naming what was wrong, and nothing a client does holds a thread of the API.
 */
class ControlApiHostileInputTest {

  private static final String TOKEN = "the-run-token";
  private static final Duration DEADLINE = Duration.ofMillis(500);

  /** Every route of a worker, with a body it would accept where it takes one. */
  private static final List<String[]> ROUTES =
      List.of(
          new String[] {"GET", "/v1/status", ""},
          new String[] {"POST", "/v1/run", configure("http://127.0.0.1:9", "default", 10, 4)},
          new String[] {"PUT", "/v1/targets/app0/users", "{\"users\": 1}"},
          new String[] {"POST", "/v1/start", ""},
          new String[] {"POST", "/v1/intervals", ""},
          new String[] {"POST", "/v1/stop", ""},
          new String[] {"GET", "/v1/acknowledged-bids", ""});

  private final AtomicInteger failingStarts = new AtomicInteger();
  private ControlServer server;
  private RawHttp http;

  @BeforeEach
  void startWorker() {
    var node =
        new WorkerNode(
            () ->
                new LocalLoadGenerator(
                    FakeHttpClient::new,
                    (config, client, recorder, bids, time) -> {
                      if (failingStarts.getAndDecrement() > 0) {
                        throw new IllegalArgumentException(
                            "users: the app refused the first login");
                      }
                      return new RecordingPopulation(config, recorder, bids);
                    },
                    client -> () -> DriverHealth.NONE,
                    System::nanoTime),
            System::nanoTime,
            Duration.ofSeconds(60),
            new WorkerLimits(Set.of("sut.example"), 1_000, 8));
    server =
        node.serveOn(
                ControlServer.bind(
                    new InetSocketAddress("127.0.0.1", 0),
                    TOKEN,
                    Set.of("worker-1.lab"),
                    DEADLINE,
                    DEADLINE))
            .start();
    http = new RawHttp(server.address());
  }

  @AfterEach
  void stopWorker() {
    server.close();
  }

  private static String configure(String target, String behavior, int accounts, int connections) {
    return """
        {"targets": [{"id": "app0", "users": {"target": "%s", "behavior": "%s", "firstAccount": 0,
        "accounts": %d, "maxConnectionsPerUser": %d, "seed": 1, "slices": 1, "slice": 0}}]}"""
        .formatted(target, behavior, accounts, connections);
  }

  private RawHttp.Answer call(String method, String path, String body, String... extraHeaders)
      throws Exception {
    List<String> headers =
        new ArrayList<>(List.of("Host: 127.0.0.1", "Authorization: Bearer " + TOKEN));
    for (String header : extraHeaders) {
      headers.removeIf(h -> h.regionMatches(true, 0, header, 0, header.indexOf(':') + 1));
      headers.add(header);
    }
    return http.send(method, path, body, headers.toArray(String[]::new));
  }

  @Test
  void everyRouteRefusesACallerWithoutTheRightToken() throws Exception {
    List<Integer> statuses = new ArrayList<>();
    for (String[] route : ROUTES) {
      statuses.add(http.send(route[0], route[1], route[2], "Host: 127.0.0.1").status());
      statuses.add(call(route[0], route[1], route[2], "Authorization: Bearer guess").status());
      statuses.add(call(route[0], route[1], route[2], "Authorization: Basic " + TOKEN).status());
    }

    assertThat(statuses).hasSize(ROUTES.size() * 3).containsOnly(401);
  }

  @Test
  void everyRouteRefusesAHostNameThatIsNotThisNodes() throws Exception {
    // DNS rebinding: a page's own name, now resolving to loopback, arrives in Host.
    List<RawHttp.Answer> answers = new ArrayList<>();
    for (String[] route : ROUTES) {
      answers.add(call(route[0], route[1], route[2], "Host: attacker.example:8080"));
      answers.add(call(route[0], route[1], route[2], "Host: 10.9.8.7"));
      answers.add(http.send(route[0], route[1], route[2], "Authorization: Bearer " + TOKEN));
    }

    assertThat(answers).extracting(RawHttp.Answer::status).containsOnly(403);
    assertThat(answers.get(0).text()).contains("Host: 'attacker.example:8080' is not a name");
    assertThat(answers.get(2).text()).contains("Host: missing");
  }

  @Test
  void theNodesOwnNamesAreAccepted() throws Exception {
    for (String host :
        List.of("127.0.0.1:1234", "localhost", "LOCALHOST.:80", "[::1]:9", "worker-1.lab")) {
      assertThat(call("GET", "/v1/status", "", "Host: " + host).status()).as(host).isEqualTo(200);
    }
  }

  @Test
  void everyRouteRefusesACrossSiteRequest() throws Exception {
    List<Integer> statuses = new ArrayList<>();
    for (String[] route : ROUTES) {
      statuses.add(call(route[0], route[1], route[2], "Origin: https://attacker.example").status());
      statuses.add(call(route[0], route[1], route[2], "Origin: null").status());
      statuses.add(call(route[0], route[1], route[2], "Sec-Fetch-Site: cross-site").status());
    }

    assertThat(statuses).hasSize(ROUTES.size() * 3).containsOnly(403);
    assertThat(call("GET", "/v1/status", "", "Origin: http://localhost:3000").status())
        .isEqualTo(200);
  }

  @Test
  void malformedBodiesGetAClientErrorOnEveryRouteThatReadsOne() throws Exception {
    List<String> bodies =
        List.of(
            "",
            "garbage",
            "null",
            "[]",
            "{}",
            "{\"targets\": null}",
            "{\"targets\": [null]}",
            "{\"targets\": [{\"id\": null, \"users\": null}]}",
            "{\"targets\": [{\"id\": \"app0\"}]}",
            "{\"targets\": [{\"id\": \"../x\", \"users\": {\"target\": \"http://127.0.0.1:9\","
                + " \"behavior\": \"default\", \"accounts\": 1, \"slices\": 1}}]}",
            "{\"targets\": [{\"id\": \"app0\", \"users\": {\"slices\": 0}}]}",
            "{\"targets\": [{\"id\": \"app0\", \"users\": {\"target\": \"::not a url\"}}]}",
            "{\"targets\": [{\"id\": \"app0\", \"users\": {\"target\": \"file:///etc/passwd\","
                + " \"behavior\": \"default\", \"accounts\": 1, \"slices\": 1}}]}",
            "{\"targets\": [{\"id\": \"app0\", \"users\": {\"target\": \"http://127.0.0.1:9\","
                + " \"behavior\": null, \"accounts\": 1, \"slices\": 1}}]}",
            "{\"users\": -1}",
            "{\"users\": 1e99}",
            "{\"users\": \"many\"}",
            "{\"users\": 99999999999}",
            "[".repeat(5_000) + "]".repeat(5_000),
            "{\"users\": 1, \"extra\": " + "{\"a\":".repeat(3_000) + "1" + "}".repeat(3_000) + "}",
            "\u0000\u00ff\ufffd");
    List<String> problems = new ArrayList<>();
    for (String body : bodies) {
      for (String[] route : List.of(ROUTES.get(1), ROUTES.get(2))) {
        RawHttp.Answer answer = call(route[0], route[1], body);
        if (answer.status() < 400 || answer.status() >= 500) {
          problems.add(route[0] + " " + route[1] + " " + abbreviated(body) + " → " + answer.text());
        }
      }
      for (String[] route : ROUTES) {
        int status = call(route[0], route[1], body).status();
        if (status >= 500 || status == 0) {
          problems.add(route[0] + " " + route[1] + " " + abbreviated(body) + " → " + status);
        }
      }
      call("POST", "/v1/stop", "");
    }

    assertThat(problems).isEmpty();
  }

  @Test
  void malformedRequestsGetA400AndOversizedOnesA413() throws Exception {
    List<RawHttp.Answer> answers = new ArrayList<>();
    answers.add(http.sendRaw("GARBAGE\r\n\r\n"));
    answers.add(http.sendRaw("GET /v1/status HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n"));
    answers.add(
        http.sendRaw(
            "GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: "
                + "a".repeat(40_000)
                + "\r\n\r\n"));
    answers.add(
        http.sendRaw("GET /" + "a".repeat(10_000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
    answers.add(
        http.sendRaw(
            "POST /v1/run HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999999999999999\r\n\r\n"));
    int overCap = ControlServer.MAX_BODY_BYTES + 1;
    answers.add(
        http.sendRaw(
            "POST /v1/run HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                + TOKEN
                + "\r\nContent-Length: "
                + overCap
                + "\r\n\r\n"));
    answers.add(
        http.sendRaw(
            "POST /v1/run HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                + TOKEN
                + "\r\nTransfer-Encoding: chunked\r\n\r\n"
                + ("100000\r\n" + "a".repeat(0x100000) + "\r\n").repeat(2)
                + "0\r\n\r\n"));
    answers.add(call("BREW", "/v1/status", ""));
    answers.add(call("GET", "/v1/../../etc/passwd", ""));
    answers.add(call("DELETE", "/v1/run", ""));

    assertThat(answers)
        .extracting(RawHttp.Answer::status)
        .containsExactly(400, 400, 400, 400, 400, 413, 413, 405, 404, 405);
  }

  @Test
  void halfSentRequestsHoldNoThreadAndAreCutOffAtTheDeadline() throws Exception {
    List<Socket> slow = new ArrayList<>();
    try {
      for (int i = 0; i < 32; i++) {
        Socket socket = http.open();
        String half =
            i % 2 == 0
                ? "POST /v1/run HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{"
                : "GET /v1/status HTTP/1.1\r\nHost: 12";
        socket.getOutputStream().write(half.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        slow.add(socket);
      }
      slow.add(http.open()); // connected, silent

      long before = System.nanoTime();
      assertThat(call("GET", "/v1/status", "").status()).isEqualTo(200);
      assertThat(Duration.ofNanos(System.nanoTime() - before)).isLessThan(DEADLINE);

      for (int i = 0; i < slow.size(); i++) {
        RawHttp.Answer answer = RawHttp.read(slow.get(i), DEADLINE.multipliedBy(6));
        assertThat(answer.status()).as("connection " + i).isIn(408, 0);
        if (i < 32) {
          assertThat(answer.status()).as("connection " + i).isEqualTo(408);
        }
      }
    } finally {
      for (Socket socket : slow) {
        socket.close();
      }
    }
  }

  @Test
  void aTargetBeyondLoopbackAndTheOperatorsListIsRefusedNamingTheField() throws Exception {
    RawHttp.Answer elsewhere =
        call("POST", "/v1/run", configure("http://10.1.2.3:8080", "default", 10, 4));
    RawHttp.Answer byName =
        call("POST", "/v1/run", configure("http://intranet.example", "default", 10, 4));

    assertThat(elsewhere.status()).isEqualTo(400);
    assertThat(elsewhere.text())
        .contains("targets[0].users.target: host '10.1.2.3' is not a target");
    assertThat(byName.status()).isEqualTo(400);
    assertThat(
            call("POST", "/v1/run", configure("http://SUT.example:8080", "default", 10, 4))
                .status())
        .isEqualTo(200);
  }

  @Test
  void usersAndConnectionsBeyondTheWorkersCapsAreRefusedNamingTheField() throws Exception {
    RawHttp.Answer users =
        call("POST", "/v1/run", configure("http://127.0.0.1:9", "default", 1_001, 4));
    RawHttp.Answer connections =
        call("POST", "/v1/run", configure("http://127.0.0.1:9", "default", 10, 9));
    assertThat(
            call("POST", "/v1/run", configure("http://127.0.0.1:9", "default", 1_000, 8)).status())
        .isEqualTo(200);
    RawHttp.Answer setUsers = call("PUT", "/v1/targets/app0/users", "{\"users\": 1001}");

    assertThat(users.status()).isEqualTo(400);
    assertThat(users.text())
        .contains("targets[0].users.accounts: 1001 users on this worker are over its cap of 1000");
    assertThat(connections.status()).isEqualTo(400);
    assertThat(connections.text()).contains("targets[0].users.maxConnectionsPerUser: 9 is over");
    assertThat(setUsers.status()).isEqualTo(400);
    assertThat(setUsers.text()).contains("users: must be ≥ 0 and ≤ 1000");
  }

  @Test
  void aBehaviourPathIsNeverReadAndNeverQuoted(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("secret-behaviour.yaml");
    Files.writeString(file, "start: [unterminated");

    List<RawHttp.Answer> answers =
        List.of(
            call("POST", "/v1/run", configure("http://127.0.0.1:9", file.toString(), 10, 4)),
            call("POST", "/v1/run", configure("http://127.0.0.1:9", "/etc/passwd", 10, 4)),
            call("POST", "/v1/run", configure("http://127.0.0.1:9", "../../etc/passwd", 10, 4)));

    assertThat(answers).extracting(RawHttp.Answer::status).containsOnly(400);
    assertThat(answers.get(0).text())
        .contains("targets[0].users.behavior: not a bundled behaviour")
        .doesNotContain(dir.toString())
        .doesNotContain("unterminated");
    assertThat(answers.get(1).text()).doesNotContain("/etc/passwd");
  }

  @Test
  void aBehaviourSentAsContentIsParsedAndItsErrorsNameTheField() throws Exception {
    String good;
    try (var in = getClass().getClassLoader().getResourceAsStream("behaviors/default.yaml")) {
      good = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String bad = ControlServer.JSON.writeValueAsString("states: {Login: {next: [{wieght: 1}]}}");
    String withContent = configure("http://127.0.0.1:9", "/home/operator/mine.yaml", 10, 4);

    RawHttp.Answer refused =
        call("POST", "/v1/run", withContent.replace("}}]}", "}, \"behaviorYaml\": " + bad + "}]}"));
    RawHttp.Answer accepted =
        call(
            "POST",
            "/v1/run",
            withContent.replace(
                "}}]}",
                "}, \"behaviorYaml\": " + ControlServer.JSON.writeValueAsString(good) + "}]}"));

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.text())
        .contains("invalid behaviour targets[0].behaviorYaml")
        .doesNotContain("/home/operator");
    assertThat(accepted.status()).as(accepted.text()).isEqualTo(200);
  }

  @Test
  void aStartThatFailedLeavesNoRunBehindToRefuseTheNext() throws Exception {
    failingStarts.set(1);
    String body = configure("http://127.0.0.1:9", "default", 10, 4);

    RawHttp.Answer failed = call("POST", "/v1/run", body);
    RawHttp.Answer retried = call("POST", "/v1/run", body);

    assertThat(failed.status()).isEqualTo(400);
    assertThat(failed.text()).contains("the app refused the first login");
    assertThat(retried.status()).as(retried.text()).isEqualTo(200);
  }

  @Test
  void aTokenIsMadeUpWhenNoneIsGivenAndNoCallGetsInWithoutIt() throws Exception {
    try (ControlServer open =
        new WorkerNode(() -> null)
            .serveOn(ControlServer.bind(new InetSocketAddress("127.0.0.1", 0), null))
            .start()) {
      RawHttp raw = new RawHttp(open.address());

      assertThat(open.tokenGenerated()).isTrue();
      assertThat(open.token()).hasSizeGreaterThanOrEqualTo(32);
      assertThat(raw.send("POST", "/v1/stop", "", "Host: 127.0.0.1").status()).isEqualTo(401);
      assertThat(
              raw.send(
                      "POST",
                      "/v1/stop",
                      "",
                      "Host: 127.0.0.1",
                      "Authorization: Bearer " + open.token())
                  .status())
          .isEqualTo(200);
    }
  }

  @Test
  void noThreadOfTheApiOutlivesItsClose() throws Exception {
    Set<Thread> before = Thread.getAllStackTraces().keySet();
    ControlServer other =
        new WorkerNode(() -> null)
            .serveOn(
                ControlServer.bind(
                    new InetSocketAddress("127.0.0.1", 0), TOKEN, Set.of(), DEADLINE, DEADLINE))
            .start();
    RawHttp raw = new RawHttp(other.address());
    Socket halfSent = raw.open();
    halfSent.getOutputStream().write("GET /v1/st".getBytes(StandardCharsets.US_ASCII));
    assertThat(
            raw.send("GET", "/v1/status", "", "Host: 127.0.0.1", "Authorization: Bearer " + TOKEN)
                .status())
        .isEqualTo(200);

    List<Thread> ours =
        Thread.getAllStackTraces().keySet().stream()
            .filter(t -> !before.contains(t) && t.getName().startsWith("anemometer-control"))
            .toList();

    other.close();
    halfSent.close();
    for (Thread thread : ours) {
      // An event loop's termination is signalled a moment before its thread ends.
      thread.join(2_000);
    }

    assertThat(ours).isNotEmpty().noneMatch(Thread::isAlive);
  }

  @Test
  void aKeptConnectionMayPauseLongerThanARequestMayTake() throws Exception {
    try (ControlServer patient =
            new WorkerNode(() -> null)
                .serveOn(
                    ControlServer.bind(
                        new InetSocketAddress("127.0.0.1", 0),
                        TOKEN,
                        Set.of(),
                        DEADLINE,
                        Duration.ofSeconds(30)))
                .start();
        Socket kept = new RawHttp(patient.address()).open()) {
      String status =
          "GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
              + TOKEN
              + "\r\n\r\n";
      kept.setSoTimeout(5_000);

      kept.getOutputStream().write(status.getBytes(StandardCharsets.US_ASCII));
      String first = readOneAnswer(kept);
      // The pause is what is tested: a controller between two calls, not a condition awaited.
      Thread.sleep(DEADLINE.multipliedBy(3).toMillis());
      kept.getOutputStream().write(status.getBytes(StandardCharsets.US_ASCII));
      String second = readOneAnswer(kept);

      assertThat(first).startsWith("HTTP/1.1 200");
      assertThat(second).startsWith("HTTP/1.1 200");
    }
  }

  /** One answer on a kept connection: its head, then as many body bytes as it announces. */
  private static String readOneAnswer(Socket socket) throws java.io.IOException {
    var in = socket.getInputStream();
    var head = new StringBuilder();
    while (!head.toString().endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        return head.toString();
      }
      head.append((char) b);
    }
    var length = java.util.regex.Pattern.compile("(?i)content-length: (\\d+)").matcher(head);
    int bodyBytes = length.find() ? Integer.parseInt(length.group(1)) : 0;
    return head + new String(in.readNBytes(bodyBytes), StandardCharsets.UTF_8);
  }

  private static String abbreviated(String body) {
    return body.length() > 40 ? body.substring(0, 40) + "…" : body;
  }
}
