package io.assent.partnerportal;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Marks the controllers of the partner portal, whose failures are answered as pages ({@link PortalFailures}). */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
public @interface PartnerPortalPage {
}
