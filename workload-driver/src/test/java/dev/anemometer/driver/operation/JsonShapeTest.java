package dev.anemometer.driver.operation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;

class JsonShapeTest {

  private static final Call CALL = Call.get("/api/x", "/api/x");

  private static JsonFields read(JsonShape shape, String json) {
    return shape.read(json.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aPageYieldsItsTotalAndItsItemsIdsAndImagesSkippingEverythingElse() {
    JsonFields page =
        read(
            JsonReads.PAGE,
            """
            {"items":[
               {"id":41,"name":"Lamp","seller":{"id":7,"tags":["a",{"b":[1,2]}]},"imageIds":[3,4]},
               {"itemId":42,"imageId":9,"description":"x\\"y"},
               "not an object"],
             "links":{"next":"/page/2"},
             "total":1250}
            """);

    assertThat(page.longOr(ApiFields.TOTAL, -1)).isEqualTo(1250);
    assertThat(JsonReads.itemRefs(page, CALL))
        .containsExactly(
            new ItemRef(41, java.util.List.of(3L, 4L)), new ItemRef(42, java.util.List.of(9L)));
  }

  @Test
  void aCurrentItemCarriesItsNestedHighBidAndDecimalAmounts() {
    JsonFields item =
        read(
            JsonReads.CURRENT_ITEM,
            """
            {"id":5,"startingBid":12.5,"highBid":{"amount":13.75,"bidCount":3,"state":"OPEN",
             "bidderId":88,"history":[{"amount":13}]}}
            """);

    assertThat(item.decimalOrNull(ApiFields.STARTING_BID)).isEqualByComparingTo("12.5");
    JsonFields highBid = item.object(ApiFields.HIGH_BID);
    assertThat(highBid.decimalOrNull(ApiFields.AMOUNT)).isEqualByComparingTo("13.75");
    assertThat(highBid.longOr(ApiFields.BID_COUNT, -1)).isEqualTo(3);
    assertThat(highBid.stringOr(ApiFields.STATE, "")).isEqualTo("OPEN");
    assertThat(highBid.longOr(ApiFields.BIDDER_ID, -1)).isEqualTo(88);
  }

  @Test
  void aValueOfAnotherKindReadsAsAbsentAndAnIntegralAmountAsADecimal() {
    JsonFields highBid =
        read(
            JsonReads.HIGH_BID,
            """
            {"bidCount":"3","state":null,"amount":100,"bidderId":[1]}
            """);

    assertThat(highBid.hasLong(ApiFields.BID_COUNT)).isFalse();
    assertThat(highBid.stringOr(ApiFields.STATE, "none")).isEqualTo("none");
    assertThat(highBid.decimalOrNull(ApiFields.AMOUNT)).isEqualTo(BigDecimal.valueOf(100));
    assertThat(highBid.longOr(ApiFields.BIDDER_ID, -1)).isEqualTo(-1);
    assertThatThrownBy(() -> JsonReads.requiredLong(highBid, ApiFields.BID_COUNT, CALL))
        .isInstanceOf(OperationFailure.class)
        .hasMessage("missing bidCount in GET /api/x");
  }

  @Test
  void aBodyThatIsNotAnObjectHasNoneOfTheFields() {
    JsonFields fields = read(JsonReads.LOGIN, "[1,2,{\"userId\":3}]");

    assertThat(fields.hasLong(ApiFields.USER_ID)).isFalse();
  }

  @Test
  void malformedOrEmptyBodiesAreNotJson() {
    assertThatThrownBy(() -> read(JsonReads.PAGE, "{\"total\":3,\"items\":[{\"id\":1}"))
        .isInstanceOf(JacksonException.class);
    assertThatThrownBy(() -> read(JsonShape.NONE, "{\"skipped\":[1,2,}"))
        .isInstanceOf(JacksonException.class);
    assertThatThrownBy(() -> read(JsonReads.LOGIN, "")).isInstanceOf(JacksonException.class);
  }

  @Test
  void aFieldTheShapeDoesNotNameIsABugNotAnAbsentValue() {
    JsonFields fields = read(JsonReads.LOGIN, "{\"userId\":3}");

    assertThatThrownBy(() -> fields.longOr(ApiFields.TOTAL, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("total");
  }
}
