package dev.anemometer.auction.system.web;

import jakarta.validation.ConstraintViolationException;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.TypeMismatchException;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.multipart.support.MissingServletRequestPartException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * The one place where failures become RFC 9457 problems. Spring MVC's own exceptions arrive through
 * {@link ResponseEntityExceptionHandler} and get our stable types here; everything else is caught
 * below, so that a client error is never a 5xx and no answer ever carries a stack trace.
 */
@RestControllerAdvice
class ProblemAdvice extends ResponseEntityExceptionHandler {

  private static final Logger log = LoggerFactory.getLogger(ProblemAdvice.class);
  private static final URI ABOUT_BLANK = URI.create("about:blank");

  @Override
  protected ResponseEntity<Object> handleMethodArgumentNotValid(
      MethodArgumentNotValidException ex,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    List<FieldProblem> fields = FieldProblem.of(ex.getBindingResult());
    return problem(ProblemType.VALIDATION, FieldProblem.summary(fields), fields, headers);
  }

  @Override
  protected ResponseEntity<Object> handleHandlerMethodValidationException(
      HandlerMethodValidationException ex,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    List<FieldProblem> fields = FieldProblem.of(ex);
    return problem(ProblemType.VALIDATION, FieldProblem.summary(fields), fields, headers);
  }

  @Override
  protected ResponseEntity<Object> handleHttpMessageNotReadable(
      HttpMessageNotReadableException ex,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    // Jackson's message may quote the input; only the JSON path of the offending value goes back.
    String path = JsonPaths.offendingPath(ex);
    String detail =
        path == null
            ? "the request body is missing or is not valid JSON"
            : "the value of '" + path + "' is malformed or of the wrong type";
    List<FieldProblem> fields =
        path == null ? List.of() : List.of(new FieldProblem(path, "malformed or wrong type"));
    return problem(ProblemType.MALFORMED_BODY, detail, fields, headers);
  }

  @Override
  protected ResponseEntity<Object> handleTypeMismatch(
      TypeMismatchException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    String name = ex.getPropertyName() == null ? "parameter" : ex.getPropertyName();
    String expected = expected(ex.getRequiredType());
    return problem(
        ProblemType.INVALID_PARAMETER,
        "'" + name + "' must be " + expected,
        List.of(new FieldProblem(name, "must be " + expected)),
        headers);
  }

  @Override
  protected ResponseEntity<Object> handleMissingServletRequestParameter(
      MissingServletRequestParameterException ex,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    String name = ex.getParameterName();
    return problem(
        ProblemType.MISSING_PARAMETER,
        "the parameter '" + name + "' is required",
        List.of(new FieldProblem(name, "is required")),
        headers);
  }

  @Override
  protected ResponseEntity<Object> handleMissingServletRequestPart(
      MissingServletRequestPartException ex,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    String name = ex.getRequestPartName();
    return problem(
        ProblemType.MISSING_PARAMETER,
        "the multipart part '" + name + "' is required",
        List.of(new FieldProblem(name, "is required")),
        headers);
  }

  @Override
  protected ResponseEntity<Object> handleExceptionInternal(
      Exception ex, Object body, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    if (request instanceof ServletWebRequest servlet
        && servlet.getResponse() != null
        && servlet.getResponse().isCommitted()) {
      // Half an answer is already on the wire (a client that went away mid-response).
      log.debug("response already committed, dropping problem for {}", ex.toString());
      return null;
    }
    if (body == null && ex instanceof ErrorResponse response) {
      body = response.updateAndGetBody(getMessageSource(), LocaleContextHolder.getLocale());
    }
    ProblemDetail problem =
        body instanceof ProblemDetail detail
            ? detail
            : ProblemDetail.forStatus(status.isError() ? status : HttpStatusCode.valueOf(500));
    if (problem.getType() == null || ABOUT_BLANK.equals(problem.getType())) {
      ProblemType type = typeOf(ex, problem.getStatus());
      problem.setType(type.type());
      problem.setTitle(type.title());
    }
    problem.setInstance(null);
    // A 503 the app answers by design (it sheds load: "decoding 2 images already; retry") was
    // written for the client and is no fault of the server's; any other failure's message may
    // carry internals, so the client sees none of it and the log gets the whole failure.
    boolean shedding =
        ex instanceof ApiException api && api.problemType() == ProblemType.UNAVAILABLE;
    if (problem.getStatus() >= 500 && !shedding) {
      log.error("request failed", ex);
      problem.setDetail("the server failed to answer this request");
    }
    return ResponseEntity.status(problem.getStatus()).headers(headers).body(problem);
  }

  @ExceptionHandler(ConstraintViolationException.class)
  ResponseEntity<Object> constraintViolation(ConstraintViolationException ex) {
    List<FieldProblem> fields = FieldProblem.of(ex);
    return problem(ProblemType.VALIDATION, FieldProblem.summary(fields), fields, HttpHeaders.EMPTY);
  }

  @ExceptionHandler(MultipartException.class)
  ResponseEntity<Object> multipart(MultipartException ex, WebRequest request) {
    if (ex instanceof MaxUploadSizeExceededException tooLarge) {
      return handleMaxUploadSizeExceededException(
          tooLarge, new HttpHeaders(), HttpStatusCode.valueOf(413), request);
    }
    return problem(
        ProblemType.BAD_REQUEST,
        "the multipart request is malformed",
        List.of(),
        HttpHeaders.EMPTY);
  }

  @ExceptionHandler(DataIntegrityViolationException.class)
  ResponseEntity<Object> integrityViolation(DataIntegrityViolationException ex) {
    // Validation should have caught it; the database is the last line, and it is the client's data.
    log.debug("integrity violation", ex);
    if (SqlStates.isDataException(ex)) {
      // SQLSTATE class 22: a NUL character, a value too long or out of range for its column.
      return problem(
          ProblemType.VALIDATION,
          "a value is out of range or contains characters that cannot be stored",
          List.of(),
          HttpHeaders.EMPTY);
    }
    return problem(
        ProblemType.CONFLICT,
        "the request conflicts with the stored data",
        List.of(),
        HttpHeaders.EMPTY);
  }

  // No connection in time: from JDBC (CannotGetJdbcConnection, a resource failure), from a JPA
  // transaction that could not begin (CannotCreateTransaction), or a transient database error.
  @ExceptionHandler({
    DataAccessResourceFailureException.class,
    CannotCreateTransactionException.class,
    TransientDataAccessException.class
  })
  ResponseEntity<Object> databaseUnavailable(Exception ex) {
    log.warn("database unavailable: {}", ex.getMessage());
    return problem(
        ProblemType.UNAVAILABLE, "the database is busy; retry", List.of(), HttpHeaders.EMPTY);
  }

  @ExceptionHandler(Exception.class)
  ResponseEntity<Object> unexpected(Exception ex, WebRequest request) {
    return handleExceptionInternal(
        ex, null, HttpHeaders.EMPTY, HttpStatusCode.valueOf(500), request);
  }

  private static ResponseEntity<Object> problem(
      ProblemType type, String detail, List<FieldProblem> fields, HttpHeaders headers) {
    ProblemDetail problem = ApiException.problem(type, detail);
    if (!fields.isEmpty()) {
      problem.setProperty("errors", fields.stream().map(FieldProblem::asMap).toList());
    }
    return ResponseEntity.status(type.status()).headers(headers).body(problem);
  }

  private static String expected(Class<?> type) {
    if (type == null) {
      return "of another type";
    }
    if (type.isEnum()) {
      return "one of " + Arrays.toString(type.getEnumConstants());
    }
    if (type == long.class || type == Long.class || type == int.class || type == Integer.class) {
      return "a whole number in range";
    }
    return "a valid " + type.getSimpleName();
  }

  static ProblemType typeOf(Exception ex, int status) {
    if (ex instanceof MaxUploadSizeExceededException) {
      return ProblemType.PAYLOAD_TOO_LARGE;
    }
    if (ex instanceof MultipartException) {
      return ProblemType.BAD_REQUEST;
    }
    if (ex instanceof NoResourceFoundException) {
      return ProblemType.NOT_FOUND;
    }
    if (ex instanceof HttpRequestMethodNotSupportedException) {
      return ProblemType.METHOD_NOT_ALLOWED;
    }
    if (ex instanceof HttpMediaTypeNotSupportedException) {
      return ProblemType.UNSUPPORTED_MEDIA_TYPE;
    }
    if (ex instanceof HttpMediaTypeNotAcceptableException) {
      return ProblemType.NOT_ACCEPTABLE;
    }
    return ProblemType.forStatus(status);
  }
}
