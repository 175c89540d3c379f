package dev.anemometer.driver.http.server;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which names a request may address the control API by, and from which pages. A web page the
 * operator visits can reach a loopback port too: through DNS rebinding its requests carry the
 * page's own name in {@code Host}, and a cross-site form carries the page in {@code Origin}. Only
 * this node's own names pass, so neither kind of request gets through even where no token is set.
 */
final class RequestOrigin {

  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

  private final Set<String> names;
  private final Set<InetAddress> addresses;

  private RequestOrigin(Set<String> names, Set<InetAddress> addresses) {
    this.names = Set.copyOf(names);
    this.addresses = Set.copyOf(addresses);
  }

  /**
   * @param bound the address the API listens on; the wildcard adds every local interface
   * @param extraNames further names the operator reaches this node by ({@code --allow-host})
   */
  static RequestOrigin of(InetAddress bound, Collection<String> extraNames) {
    Set<String> names = new HashSet<>(Set.of("localhost"));
    Set<InetAddress> addresses = new HashSet<>();
    addresses.add(InetAddress.getLoopbackAddress());
    addresses.add(literal("127.0.0.1"));
    addresses.add(literal("::1"));
    addresses.add(bound);
    if (bound.isAnyLocalAddress()) {
      addresses.addAll(interfaceAddresses());
    }
    for (String name : extraNames) {
      InetAddress address = literal(normalized(name));
      if (address != null) {
        addresses.add(address);
      } else {
        names.add(normalized(name));
      }
    }
    return new RequestOrigin(names, addresses);
  }

  /**
   * @return null when the request may proceed, otherwise why not, naming the header
   */
  String refusal(String host, String origin, String fetchSite) {
    if (host == null || host.isBlank()) {
      return "Host: missing";
    }
    if (!allowed(hostName(host))) {
      return "Host: '"
          + printable(host)
          + "' is not a name of this node (the node adds names with --allow-host)";
    }
    if ("cross-site".equalsIgnoreCase(fetchSite)) {
      return "Sec-Fetch-Site: cross-site requests are refused";
    }
    if (origin != null && !allowedOrigin(origin)) {
      return "Origin: '" + printable(origin) + "' is another site; cross-site requests are refused";
    }
    return null;
  }

  private boolean allowedOrigin(String origin) {
    try {
      String originHost = new URI(origin.trim()).getHost();
      return originHost != null && allowed(normalized(originHost));
    } catch (URISyntaxException e) {
      return false;
    }
  }

  private boolean allowed(String name) {
    InetAddress address = literal(name);
    if (address != null) {
      return addresses.contains(address);
    }
    if (names.contains(name)) {
      return true;
    }
    // A name given with a leading dot stands for its subdomains: .driver-worker for every pod.
    int dot = name.indexOf('.');
    while (dot >= 0) {
      if (names.contains(name.substring(dot))) {
        return true;
      }
      dot = name.indexOf('.', dot + 1);
    }
    return false;
  }

  /** {@code name:port}, {@code [v6]:port} or a bare name, lower case and without brackets. */
  static String hostName(String hostHeader) {
    String host = hostHeader.trim();
    if (host.startsWith("[")) {
      int end = host.indexOf(']');
      return end < 0 ? host : normalized(host.substring(0, end + 1));
    }
    int colon = host.indexOf(':');
    if (colon >= 0 && colon == host.lastIndexOf(':')) {
      host = host.substring(0, colon);
    }
    return normalized(host);
  }

  private static String normalized(String name) {
    String lower = name.trim().toLowerCase(Locale.ROOT);
    if (lower.startsWith("[") && lower.endsWith("]")) {
      lower = lower.substring(1, lower.length() - 1);
    }
    return lower.endsWith(".") ? lower.substring(0, lower.length() - 1) : lower;
  }

  /** The address an IP literal stands for, without asking DNS; null for a name. */
  private static InetAddress literal(String name) {
    if (!name.contains(":") && !IPV4.matcher(name).matches()) {
      return null;
    }
    try {
      InetAddress address = InetAddress.getByName(name);
      return address instanceof Inet6Address v6 && v6.getScopeId() != 0
          ? InetAddress.getByAddress(v6.getAddress())
          : address;
    } catch (UnknownHostException e) {
      return null;
    }
  }

  private static Set<InetAddress> interfaceAddresses() {
    Set<InetAddress> found = new HashSet<>();
    try {
      for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
        for (InetAddress address : Collections.list(nic.getInetAddresses())) {
          found.add(
              address instanceof Inet6Address v6
                  ? literal(v6.getHostAddress().split("%")[0])
                  : address);
        }
      }
    } catch (SocketException e) {
      // Without the list, only loopback and the names given by flag are accepted.
    }
    found.remove(null);
    return found;
  }

  /** Echoed in an error: short, one line, nothing a terminal would interpret. */
  static String printable(String text) {
    String cut = text.length() > 80 ? text.substring(0, 80) + "…" : text;
    return cut.replaceAll("\\p{Cntrl}", "?");
  }
}
