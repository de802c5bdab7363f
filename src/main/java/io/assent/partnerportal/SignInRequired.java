package io.assent.partnerportal;

/** Thrown when a portal page is asked for without a signed-in staff member; answered by a redirect to the sign-in. */
class SignInRequired extends RuntimeException {

    SignInRequired() {
        super("Sign in to the partner portal.", null, false, false);
    }
}
