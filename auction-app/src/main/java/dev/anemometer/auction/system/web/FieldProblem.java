package dev.anemometer.auction.system.web;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.springframework.context.MessageSourceResolvable;
import org.springframework.validation.BindingResult;
import org.springframework.validation.FieldError;
import org.springframework.web.method.annotation.HandlerMethodValidationException;

/** One rejected field of a request: its name and why, never the rejected value itself. */
record FieldProblem(String field, String message) {

  Map<String, String> asMap() {
    return Map.of("field", field, "message", message);
  }

  static String summary(List<FieldProblem> fields) {
    if (fields.isEmpty()) {
      return "the request is invalid";
    }
    List<String> names = fields.stream().map(FieldProblem::field).distinct().toList();
    return "invalid field(s): " + String.join(", ", names);
  }

  static List<FieldProblem> of(BindingResult result) {
    List<FieldProblem> fields = new ArrayList<>();
    for (FieldError error : result.getFieldErrors()) {
      String message =
          error.isBindingFailure() ? "has the wrong type" : messageOf(error.getDefaultMessage());
      fields.add(new FieldProblem(error.getField(), message));
    }
    result
        .getGlobalErrors()
        .forEach(
            e -> fields.add(new FieldProblem(e.getObjectName(), messageOf(e.getDefaultMessage()))));
    return sorted(fields);
  }

  static List<FieldProblem> of(HandlerMethodValidationException ex) {
    List<FieldProblem> fields = new ArrayList<>();
    ex.getParameterValidationResults()
        .forEach(
            result -> {
              String name = result.getMethodParameter().getParameterName();
              for (MessageSourceResolvable error : result.getResolvableErrors()) {
                String field =
                    error instanceof FieldError fieldError ? fieldError.getField() : name;
                fields.add(new FieldProblem(field, messageOf(error.getDefaultMessage())));
              }
            });
    return sorted(fields);
  }

  static List<FieldProblem> of(ConstraintViolationException ex) {
    List<FieldProblem> fields = new ArrayList<>();
    for (ConstraintViolation<?> violation : ex.getConstraintViolations()) {
      String path = violation.getPropertyPath().toString();
      String field = path.substring(path.lastIndexOf('.') + 1);
      fields.add(new FieldProblem(field, messageOf(violation.getMessage())));
    }
    return sorted(fields);
  }

  private static String messageOf(String message) {
    return message == null ? "is invalid" : message;
  }

  private static List<FieldProblem> sorted(List<FieldProblem> fields) {
    fields.sort(Comparator.comparing(FieldProblem::field).thenComparing(FieldProblem::message));
    return fields;
  }
}
