package dev.anemometer.harness.deploy.compose;

import dev.anemometer.harness.deploygen.RepoFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A CA, a server certificate for 127.0.0.1 and a client certificate, made with openssl, laid out as
 * Docker's {@code DOCKER_CERT_PATH} wants them ({@code ca.pem}, {@code cert.pem}, {@code key.pem})
 * plus {@code server.pem} (certificate and key) for the port that serves TLS.
 */
final class TestCertificates {

  private TestCertificates() {}

  static void write(Path dir) throws IOException, InterruptedException {
    run(
        dir,
        "openssl",
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-keyout",
        "ca-key.pem",
        "-out",
        "ca.pem",
        "-subj",
        "/CN=anemometer-test-ca",
        "-addext",
        "basicConstraints=critical,CA:TRUE",
        "-addext",
        "keyUsage=critical,keyCertSign,cRLSign");
    signed(
        dir,
        "server",
        "/CN=127.0.0.1",
        "subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n");
    signed(dir, "client", "/CN=client", "extendedKeyUsage=clientAuth\n");
    Files.move(dir.resolve("client-cert.pem"), dir.resolve("cert.pem"));
    Files.move(dir.resolve("client-key.pem"), dir.resolve("key.pem"));
    Files.writeString(
        dir.resolve("server.pem"),
        Files.readString(dir.resolve("server-cert.pem"))
            + Files.readString(dir.resolve("server-key.pem")));
  }

  private static void signed(Path dir, String name, String subject, String extensions)
      throws IOException, InterruptedException {
    Files.writeString(dir.resolve(name + ".ext"), extensions);
    run(
        dir,
        "openssl",
        "req",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        name + "-key.pem",
        "-out",
        name + ".csr",
        "-subj",
        subject);
    run(
        dir,
        "openssl",
        "x509",
        "-req",
        "-in",
        name + ".csr",
        "-days",
        "1",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca-key.pem",
        "-CAcreateserial",
        "-out",
        name + "-cert.pem",
        "-extfile",
        name + ".ext");
  }

  private static void run(Path dir, String... command) throws IOException, InterruptedException {
    RepoFiles.Result result = RepoFiles.run(List.of(command), dir);
    if (result.exitCode() != 0) {
      throw new IOException(String.join(" ", command) + " failed: " + result.output());
    }
  }
}
