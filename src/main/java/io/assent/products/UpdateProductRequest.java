package io.assent.products;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The body of {@code PATCH /products/{id}}: the draft fields to replace, each as a whole.
 *
 * <p>A field has three states: left out (kept as it is), JSON {@code null} (cleared; the name cannot
 * be, the service refuses a draft without one) or a value (replaces the field). Jackson calls a
 * setter only for a field that is in the JSON, with {@code null} for JSON null, so the setters
 * record which fields were sent; a record cannot tell "left out" from "null" (Jackson gives an
 * absent {@link Optional} creator property as empty, like a null one).
 */
final class UpdateProductRequest {

    private enum Field { NAME, DESCRIPTION, PURPOSE, DATA_CATEGORIES, RETENTION_DAYS, METADATA }

    private final Set<Field> sent = EnumSet.noneOf(Field.class);
    private String name;
    private String description;
    private String purpose;
    private List<String> dataCategories;
    private Integer retentionDays;
    private Map<String, String> metadata;

    public void setName(String name) {
        this.name = name;
        sent.add(Field.NAME);
    }

    public void setDescription(String description) {
        this.description = description;
        sent.add(Field.DESCRIPTION);
    }

    public void setPurpose(String purpose) {
        this.purpose = purpose;
        sent.add(Field.PURPOSE);
    }

    public void setDataCategories(List<String> dataCategories) {
        this.dataCategories = dataCategories;
        sent.add(Field.DATA_CATEGORIES);
    }

    public void setRetentionDays(Integer retentionDays) {
        this.retentionDays = retentionDays;
        sent.add(Field.RETENTION_DAYS);
    }

    public void setMetadata(Map<String, String> metadata) {
        this.metadata = metadata;
        sent.add(Field.METADATA);
    }

    /** The edit to apply to the locked draft; wire values are checked now, before the service runs. */
    UnaryOperator<ProductContent> edit() {
        List<DataCategory> categories = dataCategories == null ? List.of() : ProductWire.categories(dataCategories);
        Map<String, String> pairs = metadata == null ? Map.of() : ProductWire.metadata(metadata);
        return draft -> new ProductContent(
                sent.contains(Field.NAME) ? name : draft.name(),
                sent.contains(Field.DESCRIPTION) ? Optional.ofNullable(description) : draft.description(),
                sent.contains(Field.PURPOSE) ? Optional.ofNullable(purpose) : draft.purpose(),
                sent.contains(Field.DATA_CATEGORIES) ? categories : draft.dataCategories(),
                sent.contains(Field.RETENTION_DAYS) ? Optional.ofNullable(retentionDays) : draft.retentionDays(),
                sent.contains(Field.METADATA) ? pairs : draft.metadata());
    }
}
