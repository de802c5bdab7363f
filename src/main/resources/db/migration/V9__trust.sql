-- Trust (D20): consent receipts and the consumer's tamper-evident record.
-- One schema for H2 (PostgreSQL mode) and PostgreSQL: portable types only.

-- A key that signed a consent receipt stays published at /oauth/jwks for as long as receipts exist
-- (they are never deleted), not only for assent.keys.retired-key-retention.
alter table signing_keys add column keep_published boolean default false not null;

-- Every grant and every revocation leaves one signed receipt, written in the change's transaction.
create table consent_receipts (
    id           uuid primary key,
    session_id   uuid not null references consent_sessions (id),
    grant_id     uuid not null references grants (id),
    consumer_id  uuid not null,
    receipt_type varchar(20) not null check (receipt_type in ('granted', 'revoked')),
    issued_at    timestamp with time zone not null,
    kid          varchar(64) not null,
    jws          varchar(200000) not null
);
create index consent_receipts_session on consent_receipts (session_id, issued_at, id);
create index consent_receipts_grant on consent_receipts (grant_id, issued_at, id);

-- The per-consumer hash chain over history events and grant accesses. The head row is the lock that
-- serialises one consumer's appends (never a global lock). Neither table references users: a foreign
-- key check would take a share lock on the consumer's row after the head lock, the reverse of the
-- order in which contact and address writes take them.
create table trust_chain_heads (
    consumer_id uuid primary key,
    entry_count bigint not null,
    head_hash   varchar(64) not null,
    updated_at  timestamp with time zone not null
);

create table trust_chain_entries (
    consumer_id uuid not null,
    seq         bigint not null,
    entry_kind  varchar(30) not null,
    entry_id    uuid not null,
    hash        varchar(64) not null,
    appended_at timestamp with time zone not null,
    primary key (consumer_id, seq)
);
create unique index trust_chain_entries_entry on trust_chain_entries (entry_kind, entry_id);
