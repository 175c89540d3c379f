package dev.anemometer.auction.system.web;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Errors that never reach a controller (Tomcat refusing a malformed URI or an oversize header, a
 * filter failing) are forwarded by the container to {@code /error}; they become problems too.
 */
@RestController
class ErrorPathController implements ErrorController {

  @RequestMapping(path = "/error", produces = MediaType.ALL_VALUE)
  ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
    Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
    int status = code instanceof Integer value && value >= 400 ? value : 404;
    ProblemType type = ProblemType.forStatus(status);
    String detail =
        status >= 500 ? "the server failed to answer this request" : "the request was refused";
    ProblemDetail problem = ApiException.problem(type, detail);
    problem.setStatus(status);
    return ResponseEntity.status(status)
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .body(problem);
  }
}
