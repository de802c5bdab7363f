package io.assent.oauth.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the master key comes from: the setting, or a file generated once in the data directory. */
class MasterKeyTest {

    @TempDir
    Path temp;

    @Test
    void withoutASettingAKeyFileIsCreatedOnFirstUseAndReusedLater() throws Exception {
        Path dataDir = temp.resolve("not/yet/there");
        MasterKey firstStart = new MasterKey("", dataDir);
        assertThat(dataDir).doesNotExist();

        byte[] key = firstStart.secretKey().getEncoded();
        Path file = dataDir.resolve(MasterKeyFile.NAME);
        assertThat(key).hasSize(32);
        assertThat(Base64.getDecoder().decode(Files.readString(file, StandardCharsets.US_ASCII).strip())).isEqualTo(key);
        if (Files.getFileStore(file).supportsFileAttributeView("posix")) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        }
        assertThat(Files.list(dataDir)).as("no temporary file is left behind").containsExactly(file);

        MasterKey secondStart = new MasterKey("", dataDir);
        assertThat(secondStart.secretKey().getEncoded()).isEqualTo(key);

        String sealed = new PrivateKeyCipher(firstStart).encrypt("private", "k1");
        assertThat(new PrivateKeyCipher(secondStart).decrypt(sealed, "k1")).isEqualTo("private");
    }

    @Test
    void processesCreatingTheFileAtOnceAllGetTheSameKey() throws Exception {
        Path dataDir = temp.resolve("race");
        int racers = 6;
        CyclicBarrier start = new CyclicBarrier(racers);
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        try {
            List<Future<byte[]>> keys = new ArrayList<>();
            for (int i = 0; i < racers; i++) {
                keys.add(pool.submit(() -> {
                    MasterKey node = new MasterKey("", dataDir);
                    start.await();
                    return node.secretKey().getEncoded();
                }));
            }
            byte[] first = keys.get(0).get();
            for (Future<byte[]> key : keys) {
                assertThat(key.get()).isEqualTo(first);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(Files.list(dataDir)).hasSize(1);
    }

    @Test
    void aConfiguredKeyIsUsedAndNoFileIsWritten() {
        byte[] configured = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
        MasterKey master = new MasterKey(Base64.getEncoder().encodeToString(configured) + "\n", temp);
        assertThat(master.secretKey().getEncoded()).isEqualTo(configured);
        MasterKey urlSafe = new MasterKey(Base64.getUrlEncoder().withoutPadding().encodeToString(configured), temp);
        assertThat(urlSafe.secretKey().getEncoded()).isEqualTo(configured);
        assertThat(temp.resolve(MasterKeyFile.NAME)).doesNotExist();
    }

    @Test
    void aMalformedConfiguredKeyFailsAtStartWithoutRepeatingIt() {
        String tooShort = Base64.getEncoder().encodeToString("sixteen byte key".getBytes(StandardCharsets.US_ASCII));
        assertThatThrownBy(() -> new MasterKey(tooShort, temp))
                .hasMessageContaining("ASSENT_MASTER_KEY").hasMessageContaining("32").hasMessageNotContaining(tooShort);
        assertThatThrownBy(() -> new MasterKey("not*base64*at*all", temp))
                .hasMessageContaining("ASSENT_MASTER_KEY").hasMessageNotContaining("not*base64");
    }

    @Test
    void aDamagedKeyFileIsReportedWithoutItsPath() throws Exception {
        Files.writeString(temp.resolve(MasterKeyFile.NAME), "garbage");
        assertThatThrownBy(() -> new MasterKey("", temp).secretKey())
                .hasMessageContaining("master.key").hasMessageNotContaining(temp.toString());
    }
}
