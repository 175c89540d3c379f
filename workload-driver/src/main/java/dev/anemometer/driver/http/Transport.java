package dev.anemometer.driver.http;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringSocketChannel;
import java.util.Locale;

/**
 * How the event loops talk to the kernel: native epoll where the platform has it (less CPU per
 * request than NIO), NIO everywhere else, or io_uring when asked for with the system property
 * {@value #PROPERTY} ({@code io_uring}, {@code epoll} or {@code nio}); a name it does not know, or
 * a transport the kernel does not offer, is refused.
 */
record Transport(
    String name, IoHandlerFactory ioHandlerFactory, Class<? extends SocketChannel> channelType) {

  /** The system property that picks a transport by name; unset, the best one available. */
  static final String PROPERTY = "anemometer.transport";

  static Transport best() {
    return named(System.getProperty(PROPERTY, ""));
  }

  /**
   * The transport of that name; the empty name means the best this platform has (epoll, else NIO).
   *
   * @throws IllegalArgumentException naming {@value #PROPERTY} when the name is none of {@code
   *     io_uring}, {@code epoll} and {@code nio}, or names one this kernel does not offer: a run
   *     measured on another transport than the one asked for would be mislabelled
   */
  static Transport named(String name) {
    String wanted = name.trim().toLowerCase(Locale.ROOT);
    return switch (wanted) {
      case "" -> Epoll.isAvailable() ? epoll() : nio();
      case "nio" -> nio();
      case "epoll" -> {
        requireOffered("epoll", Epoll.isAvailable(), Epoll.unavailabilityCause());
        yield epoll();
      }
      case "io_uring" -> {
        requireOffered("io_uring", IoUring.isAvailable(), IoUring.unavailabilityCause());
        yield new Transport("io_uring", IoUringIoHandler.newFactory(), IoUringSocketChannel.class);
      }
      default ->
          throw new IllegalArgumentException(
              PROPERTY
                  + ": unknown transport '"
                  + printable(name)
                  + "' (io_uring, epoll or nio; unset for the best available)");
    };
  }

  private static void requireOffered(String name, boolean available, Throwable cause) {
    if (!available) {
      String why = cause == null ? "" : ": " + printable(String.valueOf(cause.getMessage()));
      throw new IllegalArgumentException(
          PROPERTY + ": " + name + " is not offered by this kernel or platform" + why);
    }
  }

  /** The name as one short line, whatever it holds. */
  private static String printable(String text) {
    String line = text.replaceAll("\\p{Cntrl}", "?");
    return line.length() <= 40 ? line : line.substring(0, 40) + "...";
  }

  private static Transport epoll() {
    return new Transport("epoll", EpollIoHandler.newFactory(), EpollSocketChannel.class);
  }

  static Transport nio() {
    return new Transport("nio", NioIoHandler.newFactory(), NioSocketChannel.class);
  }
}
