package dev.anemometer.auction.system.web;

import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/** A request the API refuses on purpose, answered as a problem of a known {@link ProblemType}. */
public class ApiException extends ErrorResponseException {

  private final ProblemType problemType;

  public ApiException(ProblemType problemType, String detail) {
    super(problemType.status(), problem(problemType, detail), null);
    this.problemType = problemType;
  }

  public ProblemType problemType() {
    return problemType;
  }

  public static ApiException notFound(String what, Object id) {
    return new ApiException(ProblemType.NOT_FOUND, what + " " + id + " does not exist");
  }

  public static ApiException forbidden(String detail) {
    return new ApiException(ProblemType.FORBIDDEN, detail);
  }

  static ProblemDetail problem(ProblemType problemType, String detail) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(problemType.status(), detail);
    problem.setType(problemType.type());
    problem.setTitle(problemType.title());
    return problem;
  }
}
