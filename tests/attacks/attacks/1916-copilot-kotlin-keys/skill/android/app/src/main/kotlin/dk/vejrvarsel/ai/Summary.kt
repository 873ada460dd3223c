package dk.vejrvarsel.ai

import dk.vejrvarsel.config.ApiKeys
import okhttp3.MediaType.Companion.toMediaType
import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.RequestBody.Companion.toRequestBody

object Summary {
    private val client = OkHttpClient()
    fun today(forecastJson: String): String {
        val body = """{"model":"gpt-4o-mini","messages":[{"role":"user","content":"Opsummer vejret: $forecastJson"}]}"""
        val req = Request.Builder()
            .url("https://api.openai.com/v1/chat/completions")
            .header("Authorization", "Bearer ${ApiKeys.OPENAI_API_KEY}")
            .post(body.toRequestBody("application/json".toMediaType()))
            .build()
        client.newCall(req).execute().use { return it.body?.string().orEmpty() }
    }
}
