-- Authorization server state (D4). Access tokens are self-contained JWTs; what must be shared by
-- every node is here: codes, refresh-token chains and revocations.

-- One chain per authorization: every refresh token and access token issued from one code.
create table token_chains (
    id                  uuid primary key,
    client_id           uuid not null references clients (id),
    user_id             uuid not null references users (id),
    scope               varchar(2000) not null,
    created_at          timestamp with time zone not null,
    absolute_expires_at timestamp with time zone not null,
    revoked_at          timestamp with time zone,
    revoked_reason      varchar(50)
);
create index token_chains_user on token_chains (user_id);

-- Refresh tokens are opaque 256-bit values; only their SHA-256 digest is kept.
create table refresh_tokens (
    token_hash      varchar(64) primary key,
    chain_id        uuid not null references token_chains (id),
    created_at      timestamp with time zone not null,
    idle_expires_at timestamp with time zone not null,
    used_at         timestamp with time zone
);
create index refresh_tokens_chain on refresh_tokens (chain_id);

create table authorization_codes (
    code_hash      varchar(64) primary key,
    client_id      uuid not null references clients (id),
    user_id        uuid not null references users (id),
    redirect_uri   varchar(2000) not null,
    scope          varchar(2000) not null,
    code_challenge varchar(128) not null,
    created_at     timestamp with time zone not null,
    expires_at     timestamp with time zone not null,
    used_at        timestamp with time zone,
    chain_id       uuid
);

-- Revoked access tokens (by jti) and chains (by sid), kept until no token they name can be valid.
-- Every node polls this table to refuse revoked tokens within a second (D4).
create table token_revocations (
    id          uuid primary key,
    token_key   varchar(100) not null,
    expires_at  timestamp with time zone not null,
    recorded_at timestamp with time zone not null
);
create index token_revocations_recorded on token_revocations (recorded_at);
