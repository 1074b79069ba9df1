package org.jvmmark.samples.springapp;

import java.util.List;
import java.util.Map;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * The service jvmmark's tests measure with {@code server=app}: JSON in and out, and an embedded H2 database
 * (schema.sql) that {@code POST /orders} writes and {@code GET /orders/{id}} and {@code GET /orders/count} read.
 * Spring Boot takes its port from {@code -Dserver.port}, which jvmmark passes. Thread-safe as Spring MVC
 * controllers are: no state of its own beside the database.
 */
@SpringBootApplication
@RestController
public class SpringApp {
    /** An order as it comes in and goes out. */
    public record Order(Long id, String item, int quantity) {
    }

    private final JdbcClient db;

    public SpringApp(JdbcClient db) {
        this.db = db;
    }

    public static void main(String[] args) {
        SpringApplication.run(SpringApp.class, args);
    }

    @GetMapping("/greeting")
    public Map<String, String> greeting(@RequestParam(defaultValue = "world") String name) {
        return Map.of("greeting", "Hello, " + name + "!");
    }

    @PostMapping("/orders")
    @ResponseStatus(HttpStatus.CREATED)
    public Order create(@RequestBody Order order) {
        if (order.item() == null || order.quantity() < 1) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "an order needs an item and a quantity of at least 1");
        }
        KeyHolder key = new GeneratedKeyHolder();
        db.sql("INSERT INTO orders(item, quantity) VALUES (?, ?)").params(order.item(), order.quantity()).update(key, "id");
        return new Order(key.getKey().longValue(), order.item(), order.quantity());
    }

    @GetMapping("/orders/{id}")
    public Order order(@PathVariable long id) {
        List<Order> found = db.sql("SELECT id, item, quantity FROM orders WHERE id = ?").param(id)
                .query((rs, n) -> new Order(rs.getLong(1), rs.getString(2), rs.getInt(3))).list();
        if (found.isEmpty()) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND, "no order " + id);
        }
        return found.get(0);
    }

    @GetMapping("/orders/count")
    public Map<String, Long> count() {
        return Map.of("orders", db.sql("SELECT COUNT(*) FROM orders").query(Long.class).single());
    }
}
