package dev.anemometer.auction.system.security;

import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/** A missing, malformed, unknown or revoked bearer token: 401 with a problem body. */
public class UnauthorizedException extends ErrorResponseException {

  public static final URI TYPE = URI.create("https://anemometer.dev/problems/unauthorized");

  public UnauthorizedException(String detail) {
    super(HttpStatus.UNAUTHORIZED, problem(detail), null);
    getHeaders().set("WWW-Authenticate", "Bearer");
  }

  private static ProblemDetail problem(String detail) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.UNAUTHORIZED, detail);
    problem.setType(TYPE);
    problem.setTitle("Unauthorized");
    return problem;
  }
}
