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

/** A configuration key's duration, when given, is zero or longer: a phase that may be left out. */
@Documented
@Constraint(validatedBy = {})
@DurationMin
@ReportAsSingleViolation
@Target({FIELD, ANNOTATION_TYPE})
@Retention(RUNTIME)
public @interface NonNegativeDuration {
  String message() default "must be a duration ≥ 0 (e.g. 0s, 90s, 5m)";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};
}
