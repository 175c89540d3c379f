package dev.anemometer.auction.liveauction;

import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/**
 * Client errors of the live-auction and bid endpoints, as RFC 9457 problems. They are {@link
 * ErrorResponseException}s, so Spring renders them as {@code application/problem+json} whichever
 * advice is installed.
 */
public final class LiveAuctionProblems {

  private static final String BASE = "https://anemometer.dev/problems/";

  private LiveAuctionProblems() {}

  public static ErrorResponseException notFound(String what, long id) {
    return problem(HttpStatus.NOT_FOUND, "not-found", "Not found", what + " " + id + " not found");
  }

  public static ErrorResponseException invalidField(String field, String detail) {
    ErrorResponseException e =
        problem(HttpStatus.BAD_REQUEST, "invalid-field", "Invalid field", detail);
    e.getBody().setProperty("field", field);
    return e;
  }

  public static ErrorResponseException conflict(String type, String title, String detail) {
    return problem(HttpStatus.CONFLICT, type, title, detail);
  }

  public static ErrorResponseException tooManyPolls(long userId, int maxPerUser) {
    return problem(
        HttpStatus.TOO_MANY_REQUESTS,
        "too-many-requests",
        "Too many requests",
        "user " + userId + " already waits on " + maxPerUser + " long polls on this server");
  }

  private static ErrorResponseException problem(
      HttpStatus status, String type, String title, String detail) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
    problem.setType(URI.create(BASE + type));
    problem.setTitle(title);
    return new ErrorResponseException(status, problem, null);
  }
}
