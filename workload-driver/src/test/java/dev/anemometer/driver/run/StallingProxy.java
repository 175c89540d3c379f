package dev.anemometer.driver.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

/**
 * A loopback TCP proxy that stalls: for {@code stall} out of every {@code period} it forwards
 * nothing, holding what it read until the stall ends, as a buffering proxy or a parked server
 * would. It can stall the answers alone (the app keeps taking requests and committing bids while
 * nobody hears of them) or all traffic.
 */
final class StallingProxy implements AutoCloseable {

  private static final int BUFFER_BYTES = 16 * 1024;

  private final ServerSocket server;
  private final int targetPort;
  private final long stallNanos;
  private final long periodNanos;
  private final boolean stallRequests;
  private final long startNanos = System.nanoTime();
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final Thread acceptor;

  StallingProxy(int targetPort, Duration stall, Duration period, boolean stallRequests)
      throws IOException {
    this.server = new ServerSocket(0, 512, InetAddress.getLoopbackAddress());
    this.targetPort = targetPort;
    this.stallNanos = stall.toNanos();
    this.periodNanos = period.toNanos();
    this.stallRequests = stallRequests;
    this.acceptor = daemon(this::accept, "stalling-proxy");
  }

  int port() {
    return server.getLocalPort();
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        Socket upstream = new Socket();
        upstream.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort));
        client.setTcpNoDelay(true);
        upstream.setTcpNoDelay(true);
        sockets.add(client);
        sockets.add(upstream);
        daemon(() -> pump(client, upstream, stallRequests), "stalling-proxy-requests");
        daemon(() -> pump(upstream, client, true), "stalling-proxy-answers");
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void pump(Socket from, Socket to, boolean stalls) {
    byte[] buffer = new byte[BUFFER_BYTES];
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      int read;
      while ((read = in.read(buffer)) >= 0) {
        if (stalls) {
          awaitEndOfStall();
        }
        out.write(buffer, 0, read);
        out.flush();
      }
    } catch (IOException e) {
      // One side closed: close the other so that its reader ends too.
    } finally {
      close(from);
      close(to);
    }
  }

  /** Stalls are the first {@code stall} of every {@code period} since the proxy started. */
  private void awaitEndOfStall() {
    long phase = (System.nanoTime() - startNanos) % periodNanos;
    while (phase < stallNanos) {
      LockSupport.parkNanos(stallNanos - phase);
      phase = (System.nanoTime() - startNanos) % periodNanos;
    }
  }

  private static Thread daemon(Runnable task, String name) {
    Thread thread = new Thread(task, name);
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  private static void close(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // nothing left to do
    }
  }

  @Override
  public void close() throws IOException {
    server.close();
    sockets.forEach(StallingProxy::close);
    acceptor.interrupt();
  }
}
