package org.jvmmark.api;

/** The type a parameter value must parse as. */
public enum ParamType {
    STRING,
    /** A whole number; {@code _} separators are accepted ({@code 100_000}). */
    INTEGER,
    NUMBER,
    BOOLEAN;

    /**
     * Checks a value.
     *
     * @return {@code null} if the value is valid, otherwise a short reason
     */
    public String check(String value) {
        try {
            switch (this) {
                case INTEGER:
                    Long.parseLong(value.replace("_", ""));
                    return null;
                case NUMBER:
                    Double.parseDouble(value.replace("_", ""));
                    return null;
                case BOOLEAN:
                    return value.equals("true") || value.equals("false") ? null : "expected true or false";
                default:
                    return null;
            }
        } catch (NumberFormatException e) {
            return this == INTEGER ? "expected a whole number" : "expected a number";
        }
    }
}
