package dev.anemometer.harness.config;

import static java.lang.annotation.ElementType.ANNOTATION_TYPE;
import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import jakarta.validation.ReportAsSingleViolation;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import org.hibernate.validator.constraints.time.DurationMin;

/** A configuration key's duration, when given, is longer than zero. */
@Documented
@Constraint(validatedBy = {})
@DurationMin(inclusive = false)
@ReportAsSingleViolation
@Target({FIELD, ANNOTATION_TYPE})
@Retention(RUNTIME)
public @interface PositiveDuration {
  String message() default "must be a duration > 0 (e.g. 90s, 5m)";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};
}
