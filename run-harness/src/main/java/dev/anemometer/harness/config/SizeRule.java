package dev.anemometer.harness.config;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * A configuration key's size, when given: an absolute one of at least {@link #minBytes()}, or,
 * where {@link #share()} allows it, a share of the memory it is computed from (more than 0 %, at
 * most 100 %).
 */
@Documented
@Constraint(validatedBy = SizeRule.Check.class)
@Target(FIELD)
@Retention(RUNTIME)
public @interface SizeRule {
  boolean share() default false;

  long minBytes() default 1;

  String message();

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};

  /** The check of {@link SizeRule}; a key left out passes (it is computed). */
  final class Check implements ConstraintValidator<SizeRule, Size> {
    private SizeRule rule;

    @Override
    public void initialize(SizeRule rule) {
      this.rule = rule;
    }

    @Override
    public boolean isValid(Size size, ConstraintValidatorContext context) {
      if (size == null) {
        return true;
      }
      if (size.relative()) {
        return rule.share() && size.percent() > 0 && size.percent() <= 100;
      }
      return size.bytes() >= rule.minBytes();
    }
  }
}
