package dev.anemometer.auction.system.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PageParamsTest {

  @Test
  void defaultsToTheFirstPageOfFive() {
    PageParams paging = new PageParams(null, null);

    assertThat(paging.pageOrDefault()).isZero();
    assertThat(paging.sizeOrDefault()).isEqualTo(5);
    assertThat(paging.offset()).isZero();
  }

  @Test
  void offsetOfALargePageDoesNotOverflow() {
    assertThat(new PageParams(Integer.MAX_VALUE, 100).offset()).isEqualTo(Integer.MAX_VALUE * 100L);
  }

  @Test
  void frameworkStatusesMapToStableTypes() {
    assertThat(ProblemType.forStatus(404)).isEqualTo(ProblemType.NOT_FOUND);
    assertThat(ProblemType.forStatus(400)).isEqualTo(ProblemType.BAD_REQUEST);
    assertThat(ProblemType.forStatus(418)).isEqualTo(ProblemType.BAD_REQUEST);
    assertThat(ProblemType.forStatus(502)).isEqualTo(ProblemType.INTERNAL);
  }
}
