package dev.anemometer.driver.http;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;

/** Native epoll where the platform has it (less CPU per request), NIO everywhere else. */
record Transport(
    String name, IoHandlerFactory ioHandlerFactory, Class<? extends SocketChannel> channelType) {

  static Transport best() {
    if (Epoll.isAvailable()) {
      return new Transport("epoll", EpollIoHandler.newFactory(), EpollSocketChannel.class);
    }
    return nio();
  }

  static Transport nio() {
    return new Transport("nio", NioIoHandler.newFactory(), NioSocketChannel.class);
  }
}
