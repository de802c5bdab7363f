package io.assent.consumer;

import java.util.HashSet;
import java.util.Set;

/**
 * The body of {@code PATCH /me/addresses/{id}}: any field of {@link NewAddress}; null clears an
 * optional one. The setters record which fields were sent (see {@link ProfilePatch}).
 */
public final class AddressPatch {

    private final Set<String> sent = new HashSet<>();
    private String label;
    private String line1;
    private String line2;
    private String city;
    private String region;
    private String postalCode;
    private String country;
    private Boolean isPrimary;

    public void setLabel(String label) {
        this.label = label;
        sent.add("label");
    }

    public void setLine1(String line1) {
        this.line1 = line1;
        sent.add("line1");
    }

    public void setLine2(String line2) {
        this.line2 = line2;
        sent.add("line2");
    }

    public void setCity(String city) {
        this.city = city;
        sent.add("city");
    }

    public void setRegion(String region) {
        this.region = region;
        sent.add("region");
    }

    public void setPostalCode(String postalCode) {
        this.postalCode = postalCode;
        sent.add("postal_code");
    }

    public void setCountry(String country) {
        this.country = country;
        sent.add("country");
    }

    public void setIsPrimary(Boolean isPrimary) {
        this.isPrimary = isPrimary;
        sent.add("is_primary");
    }

    /** The address after this change. */
    NewAddress applyTo(Address current) {
        return new NewAddress(
                sent.contains("label") ? label : current.label(),
                sent.contains("line1") ? line1 : current.line1(),
                sent.contains("line2") ? line2 : current.line2(),
                sent.contains("city") ? city : current.city(),
                sent.contains("region") ? region : current.region(),
                sent.contains("postal_code") ? postalCode : current.postalCode(),
                sent.contains("country") ? country : current.country(),
                sent.contains("is_primary") ? isPrimary : Boolean.valueOf(current.isPrimary()));
    }

    boolean clearsPrimaryFlag() {
        return sent.contains("is_primary") && isPrimary == null;
    }
}
