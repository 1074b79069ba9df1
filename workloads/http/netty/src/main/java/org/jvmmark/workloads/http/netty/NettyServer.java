package org.jvmmark.workloads.http.netty;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.jvmmark.workloads.http.common.Handlers;
import org.jvmmark.workloads.http.common.HeldRequests;
import org.jvmmark.workloads.http.server.ServerSettings;
import org.jvmmark.workloads.http.server.ServerUnderTest;

/**
 * Netty 4.2 with its NIO transport and HTTP codec, nothing on top: the floor the frameworks are
 * built on. Event loops (2 × CPUs, Netty's default); {@code /sleep} answers from a task scheduled
 * on the connection's event loop. Not thread-safe.
 */
public final class NettyServer implements ServerUnderTest {
    private EventLoopGroup group;
    private Channel channel;

    @Override
    public int start(ServerSettings s) throws InterruptedException {
        group = new MultiThreadIoEventLoopGroup(NioIoHandler.newFactory());
        long sleepMillis = s.sleepMillis();
        channel = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, ServerSettings.ACCEPT_BACKLOG) // no idle timeout: none is installed
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpServerCodec(), new Handler(sleepMillis));
                    }
                })
                .bind(s.host(), s.port()).sync().channel();
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    /** Answers each request as it arrives (request bodies, none for GET, are ignored). */
    private static final class Handler extends SimpleChannelInboundHandler<HttpObject> {
        private final long sleepMillis;

        Handler(long sleepMillis) {
            this.sleepMillis = sleepMillis;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
            if (!(msg instanceof HttpRequest)) {
                return;
            }
            HttpRequest req = (HttpRequest) msg;
            boolean keepAlive = HttpUtil.isKeepAlive(req);
            String path = new QueryStringDecoder(req.uri()).path();
            if (!Handlers.isKnown(path)) {
                write(ctx, response(HttpResponseStatus.NOT_FOUND, new byte[0]), keepAlive);
            } else if (Handlers.isSleep(path)) {
                HeldRequests.enter();
                ctx.executor().schedule(() -> {
                    HeldRequests.exit();
                    write(ctx, response(HttpResponseStatus.OK, Handlers.BODY_BYTES), keepAlive);
                }, sleepMillis, TimeUnit.MILLISECONDS);
            } else {
                write(ctx, response(HttpResponseStatus.OK, Handlers.BODY_BYTES), keepAlive);
            }
        }

        private static FullHttpResponse response(HttpResponseStatus status, byte[] body) {
            FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
            r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain").setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
            return r;
        }

        private static void write(ChannelHandlerContext ctx, FullHttpResponse r, boolean keepAlive) {
            if (keepAlive) {
                ctx.writeAndFlush(r, ctx.voidPromise());
            } else {
                ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
            }
        }
    }

    @Override
    public String describe() {
        return "Netty " + io.netty.util.Version.identify().getOrDefault("netty-codec-http",
                io.netty.util.Version.identify().values().iterator().next()).artifactVersion()
                + " (NIO transport, HTTP codec), event loops";
    }

    @Override
    public void close() throws InterruptedException {
        if (channel != null) {
            channel.close().sync();
        }
        if (group != null) {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).sync();
        }
    }
}
