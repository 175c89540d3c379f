package dev.anemometer.auction.image;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EntityTagsTest {

  @Test
  void matchesQuotedWeakListedAndWildcardTags() {
    assertThat(EntityTags.matches("\"abc\"", "abc")).isTrue();
    assertThat(EntityTags.matches("W/\"abc\"", "abc")).isTrue();
    assertThat(EntityTags.matches("\"x\", \"abc\"", "abc")).isTrue();
    assertThat(EntityTags.matches("*", "abc")).isTrue();
  }

  @Test
  void otherOrMissingTagsDoNotMatch() {
    assertThat(EntityTags.matches(null, "abc")).isFalse();
    assertThat(EntityTags.matches("", "abc")).isFalse();
    assertThat(EntityTags.matches("\"abcd\"", "abc")).isFalse();
    assertThat(EntityTags.matches("\"", "abc")).isFalse();
  }
}
