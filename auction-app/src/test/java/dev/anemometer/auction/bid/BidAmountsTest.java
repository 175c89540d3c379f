package dev.anemometer.auction.bid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.web.ErrorResponseException;

class BidAmountsTest {

  private static final BigDecimal MAX = new BigDecimal("1000000000");

  @ParameterizedTest
  @ValueSource(strings = {"0.01", "12", "12.5", "12.50", "12.500", "1E+2", "1000000000"})
  void aPositiveAmountInCentsUpToTheMaximumIsAccepted(String amount) {
    BigDecimal valid = BidAmounts.validate(new BigDecimal(amount), MAX);

    assertThat(valid.scale()).isEqualTo(2);
    assertThat(valid).isEqualByComparingTo(amount);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-1", "-0.01", "0.001", "12.345", "1000000000.01", "1E+400"})
  void anyOtherAmountIsABadRequestNamingTheField(String amount) {
    assertThatThrownBy(() -> BidAmounts.validate(new BigDecimal(amount), MAX))
        .isInstanceOfSatisfying(
            ErrorResponseException.class,
            e -> {
              assertThat(e.getStatusCode().value()).isEqualTo(400);
              assertThat(e.getBody().getProperties()).containsEntry("field", "amount");
            });
  }

  @Test
  void aMissingAmountIsABadRequest() {
    assertThatThrownBy(() -> BidAmounts.validate(null, MAX))
        .isInstanceOf(ErrorResponseException.class)
        .hasMessageContaining("400");
  }
}
