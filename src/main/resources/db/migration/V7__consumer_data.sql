-- Consumer self-service (D17).

-- The grant access log: one row per successful GET /sessions/{id}/data. A grant's last_accessed_at
-- and access_count are read from here (max and count on the index), not kept in a second place.
create table grant_accesses (
    id          uuid primary key,
    grant_id    uuid not null references grants (id),
    consumer_id uuid not null references users (id),
    client_id   varchar(200) not null,
    categories  varchar(200) not null,
    accessed_at timestamp with time zone not null
);
create index grant_accesses_grant on grant_accesses (grant_id, accessed_at desc, id desc);
