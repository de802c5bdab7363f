package io.assent.consumer;

import java.util.Arrays;
import java.util.Optional;

/** The {@code doc_type} values of D17. */
public enum DocumentType {
    PASSPORT, DRIVERS_LICENCE, NATIONAL_ID, PROOF_OF_ADDRESS, BANK_STATEMENT, PAYSLIP, TAX_RETURN, OTHER;

    public String wireName() {
        return name().toLowerCase();
    }

    public static Optional<DocumentType> fromWire(String text) {
        return Arrays.stream(values()).filter(t -> t.wireName().equals(text)).findFirst();
    }
}
