package dev.anemometer.auction;

import dev.anemometer.auction.data.DataCommand;
import java.util.Arrays;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The system under test: the auction web application. */
@SpringBootApplication
public class AuctionApplication {

  public static void main(String[] args) {
    if (args.length > 0 && args[0].equals("data")) {
      DataCommand.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    SpringApplication.run(AuctionApplication.class, args);
  }
}
