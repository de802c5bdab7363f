package io.assent.consumer;

/** The body of {@code POST /me/addresses}; {@code line1}, {@code city} and {@code country} are required. */
public record NewAddress(String label, String line1, String line2, String city, String region, String postalCode,
                         String country, Boolean isPrimary) {
}
