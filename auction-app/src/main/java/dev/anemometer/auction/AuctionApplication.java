package dev.anemometer.auction;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The system under test: the auction web application. */
@SpringBootApplication
public class AuctionApplication {

  public static void main(String[] args) {
    SpringApplication.run(AuctionApplication.class, args);
  }
}
