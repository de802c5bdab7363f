-- Signing keys of the authorization server (D4, D20): ES256 key pairs. The public half is published
-- at {base_url}/oauth/jwks; the private half is kept only encrypted under the master key.
-- One schema for H2 (PostgreSQL mode) and PostgreSQL: portable types only.

create table signing_keys (
    kid                   varchar(64)   primary key,
    algorithm             varchar(20)   not null,
    public_jwk            varchar(2000) not null,
    private_jwk_encrypted varchar(4000) not null,
    created_at            timestamp with time zone not null,
    retired_at            timestamp with time zone,
    -- true for the one current key, null once it is retired. The unique constraint makes "at most one
    -- current key" a fact of the database (H2 has no partial indexes), so of two nodes creating the
    -- first key or rotating at once exactly one wins.
    is_current            boolean unique,
    constraint signing_keys_current_or_retired check (
        (retired_at is null and is_current is true) or (retired_at is not null and is_current is null))
);
create index signing_keys_retired on signing_keys (retired_at);
