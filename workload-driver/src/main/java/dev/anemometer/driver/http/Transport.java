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
 * {@value #PROPERTY} ({@code io_uring}, {@code epoll} or {@code nio}) and the kernel offers it.
 */
record Transport(
    String name, IoHandlerFactory ioHandlerFactory, Class<? extends SocketChannel> channelType) {

  /** The system property that picks a transport by name; unset, the best one available. */
  static final String PROPERTY = "anemometer.transport";

  static Transport best() {
    return named(System.getProperty(PROPERTY, ""));
  }

  /**
   * The transport of that name when this platform has it, else the best one it has; the empty name
   * means the best.
   */
  static Transport named(String name) {
    String wanted = name.trim().toLowerCase(Locale.ROOT);
    if (wanted.equals("io_uring") && IoUring.isAvailable()) {
      return new Transport("io_uring", IoUringIoHandler.newFactory(), IoUringSocketChannel.class);
    }
    if (wanted.equals("nio") || !Epoll.isAvailable()) {
      return nio();
    }
    return new Transport("epoll", EpollIoHandler.newFactory(), EpollSocketChannel.class);
  }

  static Transport nio() {
    return new Transport("nio", NioIoHandler.newFactory(), NioSocketChannel.class);
  }
}
