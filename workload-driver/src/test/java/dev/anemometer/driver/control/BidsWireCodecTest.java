package dev.anemometer.driver.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.driver.operation.AcknowledgedBids;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BidsWireCodecTest {

  @Test
  void bidsSurviveTheWireIncludingUnknownBiddersAndFallingIds() {
    AcknowledgedBids bids = new AcknowledgedBids();
    bids.acknowledged(900, 12, -1, 1, "ACCEPTED_HIGH");
    bids.acknowledged(7, 13, 42, 99_999_999_99L, "INSUFFICIENT_CREDIT");
    bids.acknowledged(Long.MAX_VALUE, 0, 1, 0, "ACCEPTED_HIGH");

    AcknowledgedBids decoded = new AcknowledgedBids();
    BidsWireCodec.decode(BidsWireCodec.encode(bids), decoded);

    assertThat(rows(decoded)).isEqualTo(rows(bids)).hasSize(3);
  }

  @Test
  void noBidsAtAllSurviveTheWire() {
    AcknowledgedBids decoded = new AcknowledgedBids();
    decoded.acknowledged(1, 2, 3, 4, "OUTBID");

    BidsWireCodec.decode(BidsWireCodec.encode(new AcknowledgedBids()), decoded);

    assertThat(decoded.size()).as("nothing added to what was there").isEqualTo(1);
  }

  @Test
  void aHundredThousandBidsTravelCompactly() {
    AcknowledgedBids bids = new AcknowledgedBids();
    for (int i = 0; i < 100_000; i++) {
      bids.acknowledged(1_000_000 + i, 5_000 + i % 400, 1 + i % 2_000, 2_000 + i % 5_000, "OUTBID");
    }

    WireFormat.EncodedBids encoded = BidsWireCodec.encode(bids);

    assertThat(encoded.count()).isEqualTo(100_000);
    assertThat(encoded.data().length()).isLessThan(1_000_000);
  }

  @Test
  void truncatedDataIsRefusedWithAClearMessage() {
    var encoded =
        new WireFormat.EncodedBids(
            5, List.of("OUTBID"), BidsWireCodec.encode(new AcknowledgedBids()).data());

    assertThatThrownBy(() -> BidsWireCodec.decode(encoded, new AcknowledgedBids()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("acknowledged bids");
  }

  @Test
  void aDeflateBombIsRefusedBeforeItFillsTheHeap() throws Exception {
    var deflated = new java.io.ByteArrayOutputStream();
    try (var out = new java.util.zip.DeflaterOutputStream(deflated)) {
      byte[] zeros = new byte[1 << 20];
      for (int i = 0; i < 256; i++) {
        out.write(zeros);
      }
    }
    // 256 MiB of zeros in a few hundred kilobytes, claiming a single bid.
    var bomb =
        new WireFormat.EncodedBids(
            1,
            List.of("OUTBID"),
            java.util.Base64.getEncoder().encodeToString(deflated.toByteArray()));

    assertThatThrownBy(() -> BidsWireCodec.decode(bomb, new AcknowledgedBids()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("acknowledged bids: inflate to more than the 50 bytes");
  }

  @Test
  void anOutcomeIndexBeyondTheListIsRefusedWithAClearMessage() {
    AcknowledgedBids bids = new AcknowledgedBids();
    bids.acknowledged(1, 2, 3, 4, "OUTBID");
    var encoded = BidsWireCodec.encode(bids);
    var noOutcomes = new WireFormat.EncodedBids(1, List.of(), encoded.data());

    assertThatThrownBy(() -> BidsWireCodec.decode(noOutcomes, new AcknowledgedBids()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("outcome index out of range");
  }

  private static List<String> rows(AcknowledgedBids bids) {
    List<String> rows = new ArrayList<>();
    bids.forEach(
        (bidId, itemId, bidderId, cents, outcome) ->
            rows.add(bidId + " " + itemId + " " + bidderId + " " + cents + " " + outcome));
    return rows;
  }
}
